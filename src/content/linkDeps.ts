// What a page's markdown read of its link context: the pages its `.md` links name, the drafts and unread
// files it asked about, the static roots its site paths start with. A cached result is taken while every
// one of those reads gives the same answer, so a page added, removed or renamed renders again only the
// pages whose links it changes, not every page of its locale (whose whole list of pages a key would hold).
import { sha1 } from '../hash.js';
import type { LinkContext, LocalePages } from './links.js';

/** The fields of a locale's pages a link reads by key. */
type Keyed = 'permalinks' | 'unread';
/** The lists a link asks about. */
type Listed = 'drafts' | 'staticRoots';

/**
 * One read and its answer. `scope` is '' for the page's own locale, or the other locale folder read
 * (`otherLocales`): a value looked up (`v`), a key tested (`h`), every key listed, as a broken link's
 * nearest name is found among them (`k`, their hash), a list asked whether it holds an item (`i`) or read
 * whole (`a`, its hash), another locale's pages asked for (`o`: null, absent or there), or the other
 * locales' folders listed (`l`).
 */
export type LinkDep =
  | ['v', string, Keyed, string, string | null]
  | ['h', string, Keyed, string, boolean]
  | ['k', string, Keyed, string]
  | ['i', string, Listed, string, boolean]
  | ['a', string, Listed, string]
  | ['o', string, 'null' | 'absent' | 'pages']
  | ['l', string];

/** The part of a link context no read is recorded of: a change to it is a change to every page's key. */
export function contextBase(context: LinkContext): Omit<LinkContext, 'permalinks' | 'unread' | 'drafts' | 'staticRoots' | 'otherLocales'> {
  const { permalinks: _p, unread: _u, drafts: _d, staticRoots: _s, otherLocales: _o, ...base } = context;
  return base;
}

const keysHash = (record: object) => sha1(Object.keys(record).join('\0'));
const listHash = (list: readonly string[]) => sha1(JSON.stringify(list));

/** A context's recording copy, made once per context object: each render starts it afresh (`recordingContext`). */
const recorders = new WeakMap<LinkContext, { context: LinkContext; reads: Map<string, LinkDep> }>();

/**
 * `context` as a page's render reads it, every read recorded: the markdown thread renders with `context`,
 * then stores `deps()` with the result. Reads the renderer makes in ways not foreseen here are recorded
 * whole (a list read item by item is its hash), erring on the side of rendering again. The recording copy
 * is made once per context; each call starts a new record.
 */
export function recordingContext(context: LinkContext): { context: LinkContext; deps: () => LinkDep[] } {
  let recorder = recorders.get(context);
  if (!recorder) recorders.set(context, (recorder = makeRecorder(context)));
  const reads = new Map<string, LinkDep>();
  recorder.reads = reads;
  return { context: recorder.context, deps: () => [...reads.values()] };
}

function makeRecorder(context: LinkContext): { context: LinkContext; reads: Map<string, LinkDep> } {
  const recorder = { context, reads: new Map<string, LinkDep>() };
  const note = (id: string, dep: LinkDep) => {
    if (!recorder.reads.has(id)) recorder.reads.set(id, dep);
  };
  const keyed = (record: Record<string, string>, scope: string, field: Keyed): Record<string, string> =>
    new Proxy(record, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof key === 'string') note(`v\0${scope}\0${field}\0${key}`, ['v', scope, field, key, typeof value === 'string' && Object.hasOwn(target, key) ? value : null]);
        return value;
      },
      has(target, key) {
        const has = Reflect.has(target, key);
        if (typeof key === 'string') note(`h\0${scope}\0${field}\0${key}`, ['h', scope, field, key, has]);
        return has;
      },
      ownKeys(target) {
        note(`k\0${scope}\0${field}`, ['k', scope, field, keysHash(target)]);
        return Reflect.ownKeys(target);
      },
    });
  const listed = (list: string[], scope: string, field: Listed): string[] =>
    new Proxy(list, {
      get(target, key, receiver) {
        if (key === 'includes') {
          return (item: string) => {
            const has = target.includes(item);
            note(`i\0${scope}\0${field}\0${item}`, ['i', scope, field, String(item), has]);
            return has;
          };
        }
        note(`a\0${scope}\0${field}`, ['a', scope, field, listHash(target)]);
        return Reflect.get(target, key, receiver);
      },
    });
  const pages = <T extends LocalePages>(of: T, scope: string): T => ({
    ...of,
    permalinks: keyed(of.permalinks, scope, 'permalinks'),
    unread: keyed(of.unread ?? {}, scope, 'unread'),
    drafts: listed(of.drafts ?? [], scope, 'drafts'),
  });
  const others = context.otherLocales ?? {};
  const otherPages = new Map<string, LocalePages>();
  recorder.context = {
    ...pages(context, ''),
    staticRoots: listed(context.staticRoots, '', 'staticRoots'),
    otherLocales: new Proxy(others, {
      get(target, key, receiver) {
        if (typeof key !== 'string') return Reflect.get(target, key, receiver);
        const value = Object.hasOwn(target, key) ? target[key] : undefined;
        note(`o\0${key}`, ['o', key, value === null ? 'null' : value === undefined ? 'absent' : 'pages']);
        if (!value) return value;
        let wrapped = otherPages.get(key);
        if (!wrapped) otherPages.set(key, (wrapped = pages(value, key)));
        return wrapped;
      },
      has(target, key) {
        note('l', ['l', keysHash(target)]);
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        note('l', ['l', keysHash(target)]);
        return Reflect.ownKeys(target);
      },
    }),
  };
  return recorder;
}

/**
 * Whether every read in `deps` gives the same answer in `context` (a cached result made under another context
 * still holds). The hashes of key lists are computed once per list and kept in `memo` across pages.
 */
export function depsHold(deps: LinkDep[], context: LinkContext, memo: WeakMap<object, string> = new WeakMap()): boolean {
  const hashOf = (value: object, make: () => string) => {
    let hash = memo.get(value);
    if (hash === undefined) memo.set(value, (hash = make()));
    return hash;
  };
  const scopeOf = (scope: string): LocalePages | null | undefined => (scope === '' ? context : context.otherLocales?.[scope]);
  const EMPTY_RECORD: Record<string, string> = {};
  const EMPTY_LIST: string[] = [];
  for (const dep of deps) {
    switch (dep[0]) {
      case 'v': {
        const record = scopeOf(dep[1])?.[dep[2]] ?? EMPTY_RECORD;
        const value = Object.hasOwn(record, dep[3]) ? record[dep[3]] : undefined;
        if ((typeof value === 'string' ? value : null) !== dep[4]) return false;
        break;
      }
      case 'h':
        if (dep[3] in (scopeOf(dep[1])?.[dep[2]] ?? EMPTY_RECORD) !== dep[4]) return false;
        break;
      case 'k': {
        const record = scopeOf(dep[1])?.[dep[2]] ?? EMPTY_RECORD;
        if (hashOf(record, () => keysHash(record)) !== dep[3]) return false;
        break;
      }
      case 'i':
      case 'a': {
        const scope = scopeOf(dep[1]);
        const list = (dep[2] === 'staticRoots' ? (dep[1] === '' ? context.staticRoots : undefined) : scope?.drafts) ?? EMPTY_LIST;
        if (dep[0] === 'i' ? list.includes(dep[3]) !== dep[4] : hashOf(list, () => listHash(list)) !== dep[3]) return false;
        break;
      }
      case 'o': {
        const value = context.otherLocales && Object.hasOwn(context.otherLocales, dep[1]) ? context.otherLocales[dep[1]] : undefined;
        if ((value === null ? 'null' : value === undefined ? 'absent' : 'pages') !== dep[2]) return false;
        break;
      }
      case 'l': {
        const others = context.otherLocales ?? {};
        if (hashOf(others, () => keysHash(others)) !== dep[1]) return false;
        break;
      }
      default:
        return false;
    }
  }
  return true;
}

/** Whether a stored value is a list of reads (a record of an earlier format is a miss). */
export function isLinkDeps(value: unknown): value is LinkDep[] {
  return Array.isArray(value) && value.every((dep) => Array.isArray(dep) && typeof dep[0] === 'string');
}
