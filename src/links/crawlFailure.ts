// What `sitegen check-links`' crawl thread (./crawlClient.ts) sends back, and how it tells why a request failed:
// shared by the thread and the command (./checkLinksCommand.ts), without either's modules.
import type { CheckOptions } from 'linkinator';

/** What the crawl thread is started with. */
export interface CrawlClientData {
  /** linkinator's options (paths, rewrites and skips made for the server's port). */
  check: CheckOptions;
  /** --timeout, for the words of a failure. */
  timeout: number;
}

/** A link the crawl found broken: its URL, the page it was found on, the status it got (0: none) or why it got none. */
export interface BrokenLink {
  url: string;
  parent?: string;
  status: number;
  failure: Failure;
}

/** The crawl's result: its broken links, and how many links it checked. */
export interface CrawlResult {
  broken: BrokenLink[];
  checked: number;
}

export interface Failure {
  /** What happened, after the URL: `refused the connection`. */
  what: string;
  hint: string;
  timedOut: boolean;
}

/** A URL that is none, which no request was made for. */
export const MALFORMED: Failure = { what: 'is not a valid URL', hint: 'write the address whole, without spaces: https://example.com/page', timedOut: false };

/**
 * Why a request got no answer, from the errors linkinator kept (the last attempt's last): a refused connection or a host
 * name that does not resolve fails at once, and is no matter of --timeout.
 */
export function failureOf(details: unknown[] | undefined, timeout: number): Failure {
  const error = details?.findLast((d) => d instanceof Error) as (Error & { cause?: { code?: string; message?: string } }) | undefined;
  const code = error?.cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  const timedOut = !error || error.name === 'TimeoutError' || error.name === 'AbortError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT';
  if (timedOut) return { what: `gave no answer within ${timeout} ms`, hint: 'the host may be down or unreachable from here; --timeout sets the limit per request', timedOut };
  const down = { hint: 'nothing answers at that address and port: the server may be down, or the address wrong', timedOut };
  if (code === 'ECONNREFUSED') return { what: 'refused the connection', ...down };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') return { what: `could not be reached: its host name was not found (DNS ${code})`, hint: 'check the host name; without a network, or with one that blocks it, no name is found', timedOut };
  if (typeof code === 'string' && /CERT|TLS|SSL/.test(code)) return { what: `could not be reached: its certificate was refused (${code})`, hint: 'browsers refuse it too: the host has to renew or fix its certificate', timedOut };
  // fetch refuses the ports browsers block (`http://host:9/`): no request is made at all.
  if (error.cause?.message === 'bad port') return { what: 'could not be fetched: browsers refuse to connect to its port (bad port)', hint: 'link to the service on a port browsers allow, such as 80 or 443', timedOut };
  const reason = (code ? `${code}: ` : '') + (error.cause?.message ?? error.message);
  return { what: `could not be fetched (${reason})`, hint: 'the host may be down or unreachable from here', timedOut };
}

