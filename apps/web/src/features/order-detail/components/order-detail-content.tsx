import { Anchor, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { OrderDetail, OrderDetailItem } from '@mc/api';
import {
  addressActions,
  addressLines,
  ageCheckText,
  canPrintReceipt,
  carrierWithLogo,
  deliveryMethodDetail,
  formatOrderDate,
  formatPhoneDisplay,
  formatShortDate,
  formatTime,
  formatUsd,
  historyActorName,
  historyStatusChange,
  historyTitle,
  isClosedOut,
  type OrderStatus,
  personName,
  showCourierDetails,
  showTrackingLink,
} from '@mc/domain';
import { IconMapPin, IconPhone, IconPrinter, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMapImage } from '../api/get-map-image.ts';
import type { usePrintActions } from '../hooks/use-print-actions.ts';
import classes from '../order-detail.module.css';
import { CourierDetails } from './courier-details.tsx';
import { ItemTable } from './item-table.tsx';

type PrintActions = ReturnType<typeof usePrintActions>;

export interface OrderDetailContentProps {
  tmk: string;
  order: OrderDetail;
  print: PrintActions;
  inAcceptDialog?: boolean;
  onItemProblem?: (item: OrderDetailItem, reason: 'outOfStock' | 'wrongPrice') => void;
  /** 'Send to Phone' (the SMS dialog lives with the messaging feature). */
  onSendToPhone?: () => void;
  /** The optional print-label link of the tracking row. */
  onPrintLabel?: () => void;
  showHistory?: boolean;
  /**
   * 'review': the Review Order modal's arrangement, the items first (beside the customer and the address)
   * because they are what the merchant accepts; the map no longer pushes them below the fold
   * (docs/decisions/0133).
   */
  layout?: 'page' | 'review';
}

function Block({
  title,
  children,
  actions,
  area,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Where the review arrangement places the block. */
  area?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} data-area={area}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" mb="xs">
        {title}
      </Title>
      {children}
      {actions && (
        <Group gap="xs" mt="sm">
          {actions}
        </Group>
      )}
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.infoRow}>
      <Text span fw={600} fz="sm">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

export function CarrierLogo({ provider }: { provider: string | null }) {
  const carrier = carrierWithLogo(provider);
  if (carrier === 'FedEx')
    return (
      <span className={`${classes.carrierLogo} ${classes.fedex}`} role="img" aria-label="FedEx">
        Fed<span>Ex</span>
      </span>
    );
  if (carrier === 'UPS')
    return (
      <span className={`${classes.carrierLogo} ${classes.ups}`} role="img" aria-label="UPS">
        UPS
      </span>
    );
  return null;
}

/** The content blocks of one order: customer, address, additional info, map, items, history. */
export function OrderDetailContent(props: OrderDetailContentProps) {
  const {
    order,
    tmk,
    print,
    inAcceptDialog,
    onItemProblem,
    onSendToPhone,
    onPrintLabel,
    showHistory = true,
    layout = 'page',
  } = props;
  const tz = order.timezone;
  const status = order.status as OrderStatus;
  const method = deliveryMethodDetail(order, tz);
  const actions = addressActions(order);
  const mapSrc = useMapImage(tmk, order.id, order.maps.static_map_url);
  const r = order.recipient;
  const c = order.customer;
  const t = order.transaction;
  const trackingLink = showTrackingLink(status, order.tracking_url);
  const carrierName = order.other_tracking_provider ?? order.tracking_provider;
  const labelUrl = order.shipment_info.find((s) => s.label_url)?.label_url;

  return (
    <Stack gap="md" className={layout === 'review' ? classes.review : undefined}>
      <div className={classes.grid}>
        <Block title="Customer details" area="customer">
          <Text fw={600}>{personName(c)}</Text>
          {c.phone_number ? (
            <Anchor href={`tel:${c.phone_number.replace(/[^\d+]/g, '')}`} fz="sm">
              <IconPhone size={14} aria-hidden="true" /> {formatPhoneDisplay(c.phone_number)}
            </Anchor>
          ) : (
            <Text fz="sm" c="dimmed">
              No phone number
            </Text>
          )}
          <Text fz="sm" c="dimmed" mt={4}>
            Last order: {c.last_order ? formatShortDate(c.last_order, tz) : 'First order'}
          </Text>
        </Block>

        <Block
          title="Delivery address"
          area="address"
          actions={
            <>
              {actions.printDirections && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPrinter size={14} />}
                  onClick={print.printDirections}
                  loading={print.printing === 'directions'}
                >
                  Print Directions
                </Button>
              )}
              {actions.openInMaps && (
                <Button
                  size="xs"
                  variant="light"
                  component="a"
                  href={order.maps.directions_url}
                  target="_blank"
                  rel="noreferrer"
                  leftSection={<IconMapPin size={14} />}
                >
                  Open in maps
                </Button>
              )}
              {actions.sendToPhone && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconSend size={14} />}
                  onClick={onSendToPhone}
                  disabled={!onSendToPhone}
                >
                  Send to Phone
                </Button>
              )}
            </>
          }
        >
          <Text fw={600}>{personName(r)}</Text>
          {addressLines(r).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines never reorder and may repeat
            <Text key={i} fz="sm">
              {line}
            </Text>
          ))}
          {r.phone_number && (
            <Anchor href={`tel:${r.phone_number.replace(/[^\d+]/g, '')}`} fz="sm">
              {formatPhoneDisplay(r.phone_number)}
            </Anchor>
          )}
        </Block>

        <Block title="Map" area="map">
          {mapSrc ? (
            <img
              className={classes.map}
              src={mapSrc}
              alt={`Map of ${r.street_1}, ${r.city}`}
              width={order.maps.width}
              height={order.maps.height}
            />
          ) : (
            <div className={classes.map} aria-hidden="true" />
          )}
          {actions.mapDirections && (
            <Anchor
              href={order.maps.directions_url}
              target="_blank"
              rel="noreferrer"
              fz="sm"
              mt={6}
              display="inline-block"
            >
              Directions
            </Anchor>
          )}
        </Block>
      </div>

      <div className={classes.grid}>
        <Block title="Additional info" area="info">
          <Row label="Created">{formatOrderDate(order.date_submitted, tz)}</Row>
          <Row label="Method">
            {method.label}
            {method.suffix}
          </Row>
          {method.date && <Row label="Date">{method.date}</Row>}
          {method.note && <Row label="Note">{method.note}</Row>}
          <Row label="Instructions">{r.delivery_instructions || 'None'}</Row>
          <Row label="Gift Note">{order.gift_message?.message || 'None'}</Row>
          <Row label="Tracking Info">
            {order.tracking_id ? (
              <>
                <CarrierLogo provider={order.tracking_provider} />
                {!carrierWithLogo(order.tracking_provider) && carrierName && (
                  <Text span fz="sm">
                    {carrierName}{' '}
                  </Text>
                )}
                {trackingLink ? (
                  <Anchor href={order.tracking_url ?? undefined} target="_blank" rel="noreferrer" fz="sm">
                    {order.tracking_id}
                  </Anchor>
                ) : (
                  <Text span fz="sm">
                    {order.tracking_id}
                  </Text>
                )}
                {labelUrl && onPrintLabel && (
                  <Anchor component="button" type="button" fz="sm" ml="xs" onClick={onPrintLabel}>
                    Print label
                  </Anchor>
                )}
              </>
            ) : (
              'None'
            )}
          </Row>
          <Row label="Order Summary">
            <SummaryLine label="Subtotal" value={t.subtotal} />
            {t.discount > 0 && <SummaryLine label="Discount" value={-t.discount} />}
            <SummaryLine label="Tax" value={t.tax} />
            {t.delivery_fee > 0 && <SummaryLine label="Delivery fee" value={t.delivery_fee} />}
            {t.shipping > 0 && <SummaryLine label="Shipping" value={t.shipping} />}
            {t.tip > 0 && <SummaryLine label="Tip" value={t.tip} />}
            <SummaryLine label="Total" value={t.total} strong />
            {order.promo_code && (
              <Text fz="xs" c="dimmed">
                Promo discount applied ({order.promo_code})
              </Text>
            )}
          </Row>
          {!isClosedOut(status) && (
            <Group mt="sm">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPrinter size={14} />}
                onClick={print.printReceipt}
                disabled={!canPrintReceipt(status)}
                loading={print.printing === 'receipt'}
              >
                Print Receipt
              </Button>
            </Group>
          )}
        </Block>

        <div className={classes.itemsCell} data-area="items">
          <Paper withBorder p="md" radius="md" component="section" aria-label="Items">
            <Title order={3} fz="sm" tt="uppercase" c="dimmed" mb="xs">
              Items
            </Title>
            <ItemTable order={order} inAcceptDialog={inAcceptDialog} onItemProblem={onItemProblem} />
          </Paper>
          {showCourierDetails(status, order.courier_info) && order.courier_info && (
            <Paper withBorder p="md" radius="md" mt="md">
              <CourierDetails info={order.courier_info} tz={tz} />
            </Paper>
          )}
        </div>
      </div>

      {showHistory && <HistoryTimeline order={order} />}
    </Stack>
  );
}

function SummaryLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 400}>
        {formatUsd(value)}
      </Text>
    </Group>
  );
}

/** The order's timeline: who did what, when, from which status to which, with comments. */
export function HistoryTimeline({ order }: { order: OrderDetail }) {
  const entries = [...order.history].reverse();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="History">
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" mb="sm">
        History
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={0}>
        {entries.map((h) => {
          const who = historyActorName(h);
          const change = historyStatusChange(h);
          return (
            <Timeline.Item
              key={h.id}
              title={
                <Text fz="sm" fw={600}>
                  {historyTitle(h)}
                </Text>
              }
            >
              <Text fz="xs" c="dimmed">
                {formatShortDate(h.created_at, order.timezone)} {formatTime(h.created_at, order.timezone)} ·{' '}
                {who} · {change}
              </Text>
              {h.comment && <Text fz="sm">{h.comment}</Text>}
              {h.age_check && <Text fz="sm">{ageCheckText(h.age_check, order.timezone)}</Text>}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}
