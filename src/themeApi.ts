// What themes import as `sitegen/theme` (see src/theme/sitegenImports.ts): the shapes of the data sitegen
// hands a theme. Types only: the helpers a theme runs have names of their own (`sitegen/theme/search-context`),
// as a module that re-exported them would be an empty chunk of the client bundle that pages load.
export type {
  ClientRoute,
  DocTagItem,
  Heading,
  IndexCard,
  LabeledLink,
  LocaleConfig,
  Pagination,
  PostAuthor,
  PostSummary,
  RouteData,
  RouteTitles,
  SharedMarker,
  SidebarItem,
  SiteData,
  VersionChoice,
} from './types.js';
export type { ContextScope } from './search/context.js';
