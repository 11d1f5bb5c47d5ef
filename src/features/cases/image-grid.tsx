import { IMAGE_GRID_COLUMNS } from '../../domain/case-images';
import { useImageUrl, type ImageSource } from '../../components/use-object-urls';

export interface GridImage {
  key: string;
  name: string;
  src: ImageSource;
}

function Tile({ image, onOpen }: { image: GridImage; onOpen?: (key: string) => void }) {
  const url = useImageUrl(image.src);
  return (
    <button
      type="button"
      className="case-image-tile"
      aria-label={`Enlarge ${image.name}`}
      onClick={() => onOpen?.(image.key)}
    >
      {url && <img src={url} alt={image.name} loading="lazy" decoding="async" />}
    </button>
  );
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
        <Tile key={img.key} image={img} onOpen={onOpen} />
      ))}
    </div>
  );
}
