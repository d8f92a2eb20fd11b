import type { PublicViewLink } from '@shared/schemas/public-dashboard';
import { Modal } from '@web/components/modal';

/** A published video in a dialog: YouTube's privacy-enhanced player, which sets no cookies until played. */
export function VideoModal({ link, onClose }: { link: PublicViewLink; onClose(): void }) {
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={link.title} wide>
      <div className="pub-video">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(link.videoId ?? '')}`}
          title={`Video: ${link.title}`}
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
      {link.description ? <p className="muted">{link.description}</p> : null}
    </Modal>
  );
}
