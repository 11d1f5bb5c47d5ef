import { servedProductName } from '../components/product-name';

/**
 * The same markup as index.html's prerendered shell, shown while the first route's code and
 * data load, so the handover from HTML to React does not flash.
 */
export function LoadingShell() {
  return (
    <div className="boot">
      <header className="boot-bar">
        <span className="boot-title">{servedProductName()}</span>
      </header>
      <div className="boot-progress" role="progressbar" aria-label="Loading" />
    </div>
  );
}
