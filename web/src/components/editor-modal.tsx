import type { ComponentProps } from 'react';
import { Modal } from '@web/components/modal';

/** The app's Modal, wide, for record editors (a two-column form and the record's history). */
export function EditorModal(props: Omit<ComponentProps<typeof Modal>, 'wide'>) {
  return <Modal {...props} wide />;
}
