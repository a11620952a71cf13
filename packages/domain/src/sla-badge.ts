/**
 * The On Track badge's types and look (docs/decisions/0021): apart from sla.ts's due-time rules, which need
 * date arithmetic in the store's zone, so the orders list draws its badges without them (docs/decisions/0158).
 */
export const SLA_TYPES = ['SLA0', 'SLA1', 'SLA2'] as const;
export type SlaType = (typeof SLA_TYPES)[number];
export interface OnTrackStatus {
  type: SlaType;
  message: string;
}

/** Badge colours: SLA0 green, SLA1 orange, SLA2 red. */
const SLA_COLORS: Record<SlaType, string> = { SLA0: 'green', SLA1: 'orange', SLA2: 'red' };

/** The colour of an On Track badge; a type the console does not know reads as on track. */
export function slaColor(type: string): string {
  return SLA_COLORS[type as SlaType] ?? SLA_COLORS.SLA0;
}

/** What sets an On Track badge apart beyond its hue: its fill, its colour shade and its symbol. */
export interface SlaBadgeLook {
  /** Mantine badge variant: a tint while on track, solid once the order needs attention. */
  variant: 'light' | 'filled';
  /** Mantine colour (with shade where it matters for contrast). */
  color: string;
  /** The symbol drawn before the message: a tick, a clock with a mark, a warning triangle. */
  symbol: 'on-track' | 'due-soon' | 'late';
}

/**
 * The badges are told apart at a glance by more than a hue: on track is a quiet tint with a tick, the last
 * quarter a solid light orange (dark text) with a clock, late a solid dark red (white text) with a warning
 * sign. The shades keep every text at 4.5:1 or more.
 */
const SLA_BADGE_LOOKS: Record<SlaType, SlaBadgeLook> = {
  SLA0: { variant: 'light', color: 'green', symbol: 'on-track' },
  SLA1: { variant: 'filled', color: 'orange.4', symbol: 'due-soon' },
  SLA2: { variant: 'filled', color: 'red.9', symbol: 'late' },
};

/** The look of an On Track badge; a type the console does not know looks on track. */
export function slaBadgeLook(type: string): SlaBadgeLook {
  return SLA_BADGE_LOOKS[type as SlaType] ?? SLA_BADGE_LOOKS.SLA0;
}
