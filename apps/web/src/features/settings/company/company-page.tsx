import { Divider, Stack } from '@mantine/core';
import { RoleGate } from '../components/role-gate.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { useSettingsContext } from '../hooks/use-settings-context.ts';
import { DeliveryHoursForm } from './delivery-hours-form.tsx';
import { StoreAlertsForm } from './store-alerts-form.tsx';
import { StoreDetailsForm } from './store-details-form.tsx';

/** /settings/company: Store Details, Delivery Hours and Unanswered orders, each with its own Save Changes. */
export function CompanySettingsPage() {
  const { tmk, can } = useSettingsContext();
  return (
    <Stack gap="lg">
      <SectionHeader title="Company" />
      <RoleGate capability="merchant.write" what="changing the store details and delivery hours">
        <StoreDetailsForm tmk={tmk} />
        <Divider />
        <DeliveryHoursForm tmk={tmk} />
        {can('alerts.manage') ? (
          <>
            <Divider />
            <StoreAlertsForm tmk={tmk} />
          </>
        ) : null}
      </RoleGate>
    </Stack>
  );
}
