import type { NftMedia } from '@ledgerdesk/contracts';
import { IconGif, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './nft.module.css';

const fileTypeIcons = { gif: IconGif, jpg: IconPhoto, mp3: IconMusic, mp4: IconMovie } as const;

/** The file type of an item as a pill over its picture: its icon and its name ("MP3"). */
export function FileTypePill({ fileType }: { fileType: NftMedia['fileType'] }) {
  const { t } = useTranslation('nft');
  const Icon = fileTypeIcons[fileType];
  return (
    <span className={classes.pill}>
      <Icon size={14} aria-hidden="true" />
      {t(`values.fileType.${fileType}`)}
    </span>
  );
}

interface ItemMediaProps {
  title: string;
  media: NftMedia;
  /** The item's page: the full image (a gif animates), a video or a sound to play. */
  full?: boolean;
  /** Over the picture: at the top right (likes) and at the bottom (a countdown). */
  topEnd?: ReactNode;
  bottom?: ReactNode;
}

/**
 * An item's media, square, with its file type over it. On a grid: the image's thumbnail (a gif's
 * still), lazily; a sound or a video as its icon. On the item's page: the image itself, the video
 * playing in place, the sound with its player.
 */
export function ItemMedia({ title, media, full, topEnd, bottom }: ItemMediaProps) {
  const { t } = useTranslation('nft');
  const image = media.fileType === 'gif' || media.fileType === 'jpg';
  const Icon = fileTypeIcons[media.fileType];
  let shown: ReactNode;
  if (image)
    shown = (
      <img
        src={full ? media.url : (media.thumbnailUrl ?? media.url)}
        alt={t('media.alt', { title })}
        loading={full ? 'eager' : 'lazy'}
      />
    );
  else if (full && media.fileType === 'mp4')
    shown = (
      <video src={media.url} controls preload="metadata" aria-label={t('media.video', { title })}>
        <track kind="captions" />
      </video>
    );
  else
    shown = (
      <div
        className={classes.placeholder}
        data-file-type={media.fileType}
        role="img"
        aria-label={t(`media.${media.fileType}`, { title })}
      >
        <Icon size={full ? 96 : 56} stroke={1.2} aria-hidden="true" />
      </div>
    );
  return (
    <div>
      <div className={classes.media}>
        {shown}
        <div className={classes.overlayStart}>
          <FileTypePill fileType={media.fileType} />
        </div>
        {topEnd ? <div className={classes.overlayEnd}>{topEnd}</div> : null}
        {bottom ? <div className={classes.overlayBottom}>{bottom}</div> : null}
      </div>
      {full && media.fileType === 'mp3' ? (
        <audio
          src={media.url}
          controls
          preload="metadata"
          aria-label={t('media.player', { title })}
          className={classes.player}
        >
          <track kind="captions" />
        </audio>
      ) : null}
    </div>
  );
}
