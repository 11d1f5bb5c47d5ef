import './machines.css';

/**
 * A machine's icon by model family: same-origin, cached by the service worker for offline use.
 * The icons are drawn in black: on a light plate, so they still show in the dark scheme.
 */
export function MachineIcon({ src, size = 48 }: { src: string; size?: number }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="machine-icon"
      style={{ objectFit: 'contain', flex: 'none' }}
    />
  );
}
