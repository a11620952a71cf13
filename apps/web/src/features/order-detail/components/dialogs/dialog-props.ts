import type { OrderDetail } from '@mc/api';
import type { useOrderActions } from '../../hooks/use-order-actions.ts';

export interface DialogProps {
  opened: boolean;
  onClose: () => void;
  order: OrderDetail;
  actions: ReturnType<typeof useOrderActions>;
}
