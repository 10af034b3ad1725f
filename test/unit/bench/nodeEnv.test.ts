import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmarks, without types
import { benchEnv, caCertsCost, caCertsLine } from '../../../bench/nodeEnv.mjs';

describe("the benchmarks' Node environment", () => {
  it('starts builds without NODE_EXTRA_CA_CERTS, keeping every other variable and adding the ones asked for', () => {
    const env = { PATH: '/usr/bin', NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt', LANG: 'C.UTF-8' };
    expect(benchEnv({ NODE_ENV: 'production' }, env)).toEqual({ PATH: '/usr/bin', LANG: 'C.UTF-8', NODE_ENV: 'production' });
    expect(env.NODE_EXTRA_CA_CERTS, 'the environment given is left as it was').toBe('/etc/ssl/certs/ca-certificates.crt');
    expect(benchEnv({}, { PATH: '/bin' })).toEqual({ PATH: '/bin' });
  });

  it('measures the variable only where it is set, and says what it costs', () => {
    expect(caCertsCost(1, { PATH: process.env.PATH })).toBeNull();
    expect(caCertsLine(null)).toBeNull();
    const cost = caCertsCost(1, { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: '/dev/null' });
    expect(cost.file).toBe('/dev/null');
    expect(cost.withMs).toBeGreaterThan(0);
    expect(cost.withoutMs).toBeGreaterThan(0);
    expect(caCertsLine({ file: '/x.crt', withMs: 70.4, withoutMs: 20.2 })).toBe(
      'NODE_EXTRA_CA_CERTS is set here (/x.crt): Node takes 70 ms to start with it, 20 ms without (medians); the builds below run without it, as a build opens no TLS connection',
    );
  });
});
