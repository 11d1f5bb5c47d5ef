import { IMAGE_GRID_COLUMNS } from '../../domain/case-images';

export interface GridImage {
  key: string;
  name: string;
  src: string | null;
}

/** Product §2: image attachments as a 3-column grid with rows 160 px high; a click enlarges. */
export function ImageGrid({
  images,
  onOpen,
}: {
  images: readonly GridImage[];
  onOpen?: (key: string) => void;
}) {
  if (images.length === 0) return null;
  return (
    <div className="case-image-grid" data-testid="image-grid" data-columns={IMAGE_GRID_COLUMNS}>
      {images.map((img) => (
        <button
          key={img.key}
          type="button"
          className="case-image-tile"
          aria-label={`Enlarge ${img.name}`}
          onClick={() => onOpen?.(img.key)}
        >
          {img.src && <img src={img.src} alt={img.name} loading="lazy" decoding="async" />}
        </button>
      ))}
    </div>
  );
}
