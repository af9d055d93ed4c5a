/**
 * An image of a case (PNG, SVG, JPEG, GIF, WebP) shown as an <img> whose source is a data: URL of its bytes.
 * An SVG is hostile input (it may carry scripts and event handlers): as an image source it is rendered without
 * running any of them and without reaching the page's DOM, which inlining it would do.
 */
import { useState } from 'react';
import type { CaseFileContent } from '../../common/api/contract';

const SHOWN_TYPES = new Set(['image/png', 'image/svg+xml', 'image/jpeg', 'image/gif', 'image/webp']);

/** The data: URL of an image, or null for a media type not shown as an image. */
export function imageUrl(file: { mediaType: string; base64: string }): string | null {
  if (!SHOWN_TYPES.has(file.mediaType) || !/^[A-Za-z0-9+/]*={0,2}$/.test(file.base64)) return null;
  return `data:${file.mediaType};base64,${file.base64}`;
}

export function ImageView(props: { file: Extract<CaseFileContent, { kind: 'image' }> }) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const url = imageUrl(props.file);
  if (url === null) return <div className="error-text">{props.file.mediaType} is not an image type shown here.</div>;
  return (
    <div className="image-view" data-testid="image-view">
      <img
        src={url}
        alt={`Image ${props.file.path}`}
        onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
      />
      {size !== null ? (
        <span className="small muted image-size">
          {size.w} × {size.h} px
        </span>
      ) : null}
    </div>
  );
}
