import { Modal, type ModalProps } from '@mantine/core';

/** A centred modal dialog whose close button is named "Close" (the icon alone has no name to read out). */
export function Dialog(props: ModalProps) {
  return <Modal closeButtonProps={{ 'aria-label': 'Close' }} centered {...props} />;
}
