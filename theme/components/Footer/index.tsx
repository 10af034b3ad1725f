import { useTheme } from '../../context.js';
import { format } from '../../lib/format.js';
import { localizedPath } from '../../lib/paths.js';
import { Icon } from '../Icon/index.js';
import { Logo } from '../Navbar/index.js';

/** Product facts (first release, years, latest version, source), the configured link columns and the copyright. */
export function Footer() {
  const { site, strings } = useTheme();
  const { product } = site;
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <a className="footer-logo" href={site.homePath}>
            <Logo />
            <span>{site.title}</span>
          </a>
          {site.tagline && <p className="footer-tagline">{site.tagline}</p>}
          <ul className="footer-facts" lang={strings.lang}>
            {product.firstRelease > 0 && (
              <li>
                <a href={localizedPath(site, site.locale, '/docs/histroy#2013')}>{format(strings.footer.history, { year: product.firstRelease, years: product.years })}</a>
              </li>
            )}
            {product.latestVersion && (
              <li>
                <a href={localizedPath(site, site.locale, '/docs/log/')}>{format(strings.footer.latest, { version: product.latestVersion })}</a>
              </li>
            )}
            {product.github && (
              <li>
                <a href={product.github} target="_blank" rel="noopener noreferrer" className="footer-github">
                  <Icon name="github" size={16} />
                  {strings.footer.source}
                </a>
              </li>
            )}
          </ul>
        </div>
        {site.footer.columns.map((column) => (
          <div className="footer-column" key={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item.href}>
                  <a href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {item.label}
                    {item.external && <Icon name="external" size={13} className="external-icon" />}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {site.footer.copyright && <p className="footer-copyright">{site.footer.copyright}</p>}
    </footer>
  );
}
