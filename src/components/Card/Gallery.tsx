// The photo gallery (spec point 2): one slide at a time, two thumbnails visible with 10 px between them,
// a fullscreen viewer, opened by 'Открыть галерею'.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import { useAuthorizedUrl } from '../useAuthorizedUrl';

export interface GalleryImage {
  id: number;
  url: string;
  alt?: string;
}

export const GALLERY = { slidesPerView: 1, spaceBetween: 50, thumbsPerView: 2, thumbsSpaceBetween: 10 } as const;

function Picture({ image, sx }: { image: GalleryImage; sx?: object }) {
  const src = useAuthorizedUrl(image.url);
  return src ? (
    <Box component="img" src={src} alt={image.alt ?? ''} sx={{ display: 'block', objectFit: 'contain', ...sx }} />
  ) : (
    <Box sx={{ bgcolor: 'action.hover', ...sx }} />
  );
}

export function Gallery({ images }: { images: GalleryImage[] }) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  if (!images.length) return <Typography color="text.secondary">Нет фото</Typography>;
  const current = images[Math.min(index, images.length - 1)];
  const firstThumb = Math.min(Math.max(0, index - 1), Math.max(0, images.length - GALLERY.thumbsPerView));
  const thumbs = images.slice(firstThumb, firstThumb + GALLERY.thumbsPerView);
  const go = (step: number) => setIndex((i) => (i + step + images.length) % images.length);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {images.slice(0, 4).map((image, i) => (
          <Box
            key={image.id}
            component="button"
            type="button"
            onClick={() => {
              setIndex(i);
              setOpen(true);
            }}
            sx={{ p: 0, border: 0, background: 'none', cursor: 'zoom-in' }}
            aria-label={`Фото ${i + 1}`}
          >
            <Picture image={image} sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1 }} />
          </Box>
        ))}
        <Button onClick={() => setOpen(true)}>Открыть галерею</Button>
      </Box>
      <Dialog fullScreen open={open} onClose={() => setOpen(false)} slotProps={{ paper: { 'aria-label': 'Галерея' } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: '#111', color: '#fff' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', p: 1 }}>
            <Typography sx={{ flexGrow: 1, pl: 1 }}>{`${index + 1} из ${images.length}`}</Typography>
            <IconButton aria-label="Закрыть" onClick={() => setOpen(false)} sx={{ color: '#fff' }}>
              <Close />
            </IconButton>
          </Box>
          <Box
            sx={{
              flexGrow: 1,
              display: 'flex',
              alignItems: 'center',
              gap: `${GALLERY.spaceBetween}px`,
              px: 2,
              minHeight: 0,
            }}
          >
            <IconButton
              aria-label="Предыдущее фото"
              onClick={() => go(-1)}
              sx={{ color: '#fff' }}
              disabled={images.length < 2}
            >
              <ChevronLeft fontSize="large" />
            </IconButton>
            <Picture image={current} sx={{ flexGrow: 1, height: '100%', maxHeight: 'calc(100vh - 220px)' }} />
            <IconButton
              aria-label="Следующее фото"
              onClick={() => go(1)}
              sx={{ color: '#fff' }}
              disabled={images.length < 2}
            >
              <ChevronRight fontSize="large" />
            </IconButton>
          </Box>
          <Box
            sx={{ display: 'flex', justifyContent: 'center', gap: `${GALLERY.thumbsSpaceBetween}px`, p: 2 }}
            data-testid="thumbs"
          >
            {thumbs.map((image) => (
              <Box
                key={image.id}
                component="button"
                type="button"
                onClick={() => setIndex(images.indexOf(image))}
                aria-label={`Миниатюра ${images.indexOf(image) + 1}`}
                sx={{
                  p: 0,
                  border: 2,
                  borderColor: image === current ? 'primary.light' : 'transparent',
                  borderRadius: 1,
                  background: 'none',
                  cursor: 'pointer',
                }}
              >
                <Picture image={image} sx={{ width: 120, height: 80, objectFit: 'cover', borderRadius: 1 }} />
              </Box>
            ))}
          </Box>
        </Box>
      </Dialog>
    </>
  );
}
