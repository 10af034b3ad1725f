// The environment the benchmarks start Node in, and what this machine's environment costs each start.
//
// Node 20 reads the certificate file named by NODE_EXTRA_CA_CERTS at every start, before any of a
// program's code runs, whether or not the program ever opens a TLS connection (nodejs/node#40524:
// OpenSSL 3 initialised and each certificate parsed). This machine kind sets it for its own proxy:
// `node -e 0` takes about 70 ms with it and 20 ms without. A build opens no TLS connection, and a
// reader's machine rarely sets it, so the benchmarks start their builds without it and print what it
// costs here (`caCertsCost`), for anyone comparing with a shell where it is set.
import { execFileSync } from 'node:child_process';

const VARIABLE = 'NODE_EXTRA_CA_CERTS';

/** `env` (the process's by default) without NODE_EXTRA_CA_CERTS, and with `extra`. */
export function benchEnv(extra = {}, env = process.env) {
  const { [VARIABLE]: _dropped, ...rest } = env;
  return { ...rest, ...extra };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * When NODE_EXTRA_CA_CERTS is set: the median wall time of `node -e 0` with it and without it
 * (`runs` each, interleaved), in ms. Null when it is not set.
 */
export function caCertsCost(runs = 9, env = process.env) {
  if (!env[VARIABLE]) return null;
  const start = (childEnv) => {
    const started = performance.now();
    execFileSync(process.execPath, ['-e', '0'], { env: childEnv, stdio: 'ignore' });
    return performance.now() - started;
  };
  const withIt = [];
  const without = [];
  for (let n = 0; n < runs; n++) {
    withIt.push(start(env));
    without.push(start(benchEnv({}, env)));
  }
  return { file: env[VARIABLE], withMs: median(withIt), withoutMs: median(without) };
}

/** The line the benchmarks print about it, or null when the variable is not set. */
export function caCertsLine(cost) {
  if (!cost) return null;
  return `${VARIABLE} is set here (${cost.file}): Node takes ${cost.withMs.toFixed(0)} ms to start with it, ${cost.withoutMs.toFixed(0)} ms without (medians); the builds below run without it, as a build opens no TLS connection`;
}
