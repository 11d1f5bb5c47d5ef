/** A machine's icon by model family: same-origin, cached by the service worker for offline use. */
export function MachineIcon({ src, size = 48 }: { src: string; size?: number }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ objectFit: 'contain', flex: 'none' }}
    />
  );
}
