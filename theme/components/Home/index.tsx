import { phrased, useTheme } from '../../context.js';
import type { HomeStrings } from '../../i18n/types.js';
import { format } from '../../lib/format.js';
import { localizedPath } from '../../lib/paths.js';
import { Icon } from '../Icon/index.js';
import { MAIN_ID } from '../SkipLink/index.js';

/** Illustrations of each way to translate (drawn for the guides, under content/static/img). */
const FEATURE_IMAGES: Record<string, string> = {
  select: 'img/guides/card-layout.svg',
  screenshot: 'img/guides/screenshot-flow.svg',
  page: 'img/guides/page-modes.svg',
  video: 'img/guides/video-subtitles.svg',
};

/** Icons of the four ways to translate (only this page draws them). */
const FEATURE_ICONS: Record<string, string> = {
  select: 'M5 7h14M5 12h9M5 17h6m7-4v8m-3-3 3 3 3-3',
  screenshot: 'M4 8V5a1 1 0 0 1 1-1h3m8 0h3a1 1 0 0 1 1 1v3m0 8v3a1 1 0 0 1-1 1h-3m-8 0H5a1 1 0 0 1-1-1v-3m5-7h6m-6 4h4',
  page: 'M6 3h8l4 4v14H6zm8 0v4h4M9 12h6m-6 4h6',
  video: 'M4 6h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm12 4 5-3v10l-5-3M6 14h4m-4-3h7',
};

/**
 * The home page's texts that are not text (links, icons' names, the services' ids, the sample's language) or are the
 * demo's sample sentence, which runs in its own language's direction: left as they are where the others are isolated.
 */
const NOT_ISOLATED: ReadonlySet<string> = new Set(['link', 'icon', 'services', 'sourceLang', 'before', 'selected', 'after']);

/** The home page's texts: each in a left-to-right isolate where the page is written right to left and they are English. */
function useHomeTexts(): HomeStrings {
  const { strings } = useTheme();
  return strings.isolate ? strings.isolate(strings.home, NOT_ISOLATED) : strings.home;
}

/** The selection-and-card scene of the hero, drawn in HTML so it follows the colour mode. */
function HeroDemo() {
  const demo = useHomeTexts().demo;
  return (
    <figure className="hero-demo">
      <div className="demo-window" aria-hidden="true">
        <div className="demo-bar">
          <span className="demo-dot" />
          <span className="demo-dot" />
          <span className="demo-dot" />
          <span className="demo-url" />
        </div>
        <div className="demo-page">
          <span className="demo-line" style={{ width: '72%' }} />
          <span className="demo-line" style={{ width: '88%' }} />
          <p className="demo-text" lang={demo.sourceLang}>
            {demo.before}
            <span className="demo-selected">{demo.selected}</span>
            {demo.after}
          </p>
          <div className="demo-card">
            <div className="demo-card-row">
              <span className="demo-service">{demo.serviceA}</span>
              <span className="demo-result">{demo.resultA}</span>
            </div>
            <div className="demo-card-row">
              <span className="demo-service demo-service-ai">{demo.serviceB}</span>
              <span className="demo-result">{demo.resultB}</span>
            </div>
          </div>
          <span className="demo-line" style={{ width: '80%' }} />
          <span className="demo-line" style={{ width: '56%' }} />
        </div>
      </div>
      <figcaption>{demo.caption}</figcaption>
    </figure>
  );
}

/**
 * The home page. A site that names its product's latest version (`product` in the config: the bundled
 * site) gets the product's landing page, whose texts and links are the theme's; any other site, such as
 * one `sitegen init` made, a page of its own title, tagline and navbar links, so it links to no page it lacks.
 */
export function HomePage() {
  const { site } = useTheme();
  return site.product.latestVersion ? <ProductHome /> : <SiteHome />;
}

/** A site's home page made of its config alone: the title, the tagline and a button for each navbar link. */
function SiteHome() {
  const { site } = useTheme();
  return (
    <main id={MAIN_ID} tabIndex={-1} className="main home home-site">
      <section className="hero">
        <div className="hero-inner">
          <div className="hero-text">
            <h1 className="hero-title">{site.title}</h1>
            {site.tagline && <p className="hero-tagline">{site.tagline}</p>}
            {site.navbar.length > 0 && (
              <div className="hero-actions">
                {site.navbar.map((item, i) => (
                  <a key={item.href} className={`button ${i === 0 ? 'button-primary' : 'button-secondary'} button-large`} href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {item.label}
                    {item.external && <Icon name="external" size={14} className="external-icon" />}
                  </a>
                ))}
              </div>
            )}
          </div>
        </div>
      </section>
    </main>
  );
}

/** The landing page of the bundled site: what the extension does, the services it works with, how to get it. */
function ProductHome() {
  const { site, strings } = useTheme();
  // The theme's texts in their language where it is not the page's (English on a page of a locale the theme has none
  // for), and the site's own title and tagline in the page's.
  const { lang } = strings;
  const siteLang = lang && site.locale.htmlLang;
  const home = useHomeTexts();
  const to = (path: string) => localizedPath(site, site.locale, path);
  const version = site.product.latestVersion;
  const facts = { year: site.product.firstRelease, years: site.product.years, version };
  return (
    <main id={MAIN_ID} tabIndex={-1} className="main home" lang={lang}>
      <section className="hero">
        <div className="hero-inner">
          <div className="hero-text">
            {version && (
              <a className="hero-badge" href={to('/docs/log/')}>
                {format(home.badge, { version })}
                <Icon name="arrowRight" size={14} />
              </a>
            )}
            <h1 className="hero-title" lang={siteLang}>
              {site.title}
            </h1>
            {site.tagline && (
              <p className="hero-tagline" lang={siteLang}>
                {site.tagline}
              </p>
            )}
            <p className="hero-lead">{home.lead}</p>
            <div className="hero-actions">
              <a className="button button-primary button-large" href={to('/docs/installv2/')}>
                {format(home.install, { title: site.title })}
                {version && <span className="button-version">v{version}</span>}
              </a>
              <a className="button button-secondary button-large" href={to('/docs/guides/summary')}>
                {home.manual}
              </a>
            </div>
            <p className="hero-note">{home.browsers}</p>
          </div>
          <HeroDemo />
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-features">
        <div className="home-section-head">
          <h2 id="home-features">{phrased(home.featuresTitle)}</h2>
          <p>{home.featuresLead}</p>
        </div>
        <div className="feature-grid">
          {home.features.map((feature) => (
            <article className="feature-card" key={feature.icon}>
              <img className="feature-image" src={site.baseUrl + FEATURE_IMAGES[feature.icon]} alt="" width={640} height={300} loading="lazy" decoding="async" />
              <div className="feature-body">
                <h3>
                  <Icon d={FEATURE_ICONS[feature.icon]} size={20} className="feature-icon" />
                  {feature.title}
                </h3>
                <p>{feature.text}</p>
                <a className="feature-link" href={to(feature.link)}>
                  {feature.more}
                  <Icon name="arrowRight" size={14} />
                </a>
              </div>
            </article>
          ))}
        </div>
        <h3 className="more-title">{home.moreTitle}</h3>
        <ul className="more-grid">
          {home.more.map((item) => (
            <li key={item.link}>
              <a href={to(item.link)}>
                <strong>{item.title}</strong>
                <span>{item.text}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section home-services" aria-labelledby="home-services">
        <div className="home-section-head">
          <h2 id="home-services">{phrased(home.servicesTitle)}</h2>
          <p>{home.servicesLead}</p>
        </div>
        <ul className="service-list">
          {home.services.map(([id, name]) => (
            <li key={id}>
              <a href={to(`/docs/services/${id}`)}>{name}</a>
            </li>
          ))}
        </ul>
        <p className="home-services-all">
          <a href={to('/docs/services/')}>
            {home.servicesAll}
            <Icon name="arrowRight" size={14} />
          </a>
        </p>
      </section>

      <section className="home-section home-pair">
        <div className="home-panel">
          <h2>{phrased(home.pricingTitle)}</h2>
          <p>{home.pricingText}</p>
          <a href={to('/docs/pricing/')}>
            {home.pricingLink}
            <Icon name="arrowRight" size={14} />
          </a>
        </div>
        <div className="home-panel">
          <h2>{phrased(format(home.historyTitle, facts))}</h2>
          <p>{format(home.historyText, facts)}</p>
          <a href={to('/docs/histroy#2013')}>
            {home.historyLink}
            <Icon name="arrowRight" size={14} />
          </a>{' '}
          <a href={to('/docs/log/')}>
            {home.changelogLink}
            <Icon name="arrowRight" size={14} />
          </a>
        </div>
      </section>

      <section className="home-cta" aria-labelledby="home-cta">
        <h2 id="home-cta">{phrased(home.ctaTitle)}</h2>
        <p>{home.ctaText}</p>
        <div className="hero-actions">
          <a className="button button-primary button-large" href={to('/docs/installv2/')}>
            {format(home.install, { title: site.title })}
            {version && <span className="button-version">v{version}</span>}
          </a>
          <a className="button button-secondary button-large" href={to('/docs/faqs/')}>
            {home.faqLink}
          </a>
        </div>
      </section>
    </main>
  );
}
