/** Alerts to staff: GET/PUT /a/v2/users/{id}/alerts (+ phone), GET/PUT /c/v2/merchants/{tmk}/alerts. */
import type { AlertPreferencesBody, AlertSettings, StoreAlerts } from '@mc/api';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { settingsKeys } from '../../../lib/query-keys.ts';

export function alertSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: settingsKeys.alerts(userId),
    queryFn: ({ signal }) => api.getAlertSettings({ params: { id: userId }, signal }),
  });
}

const keep = (userId: string) => (data: AlertSettings) =>
  queryClient.setQueryData(settingsKeys.alerts(userId), data);

export function useSaveAlertSettings(userId: string) {
  return useMutation({
    mutationFn: (body: AlertPreferencesBody) => api.setAlertSettings({ params: { id: userId }, body }),
    onSuccess: keep(userId),
  });
}

export function useTextAlertCode(userId: string) {
  return useMutation({
    mutationFn: (phone_number: string) =>
      api.startAlertPhone({ params: { id: userId }, body: { phone_number } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.alerts(userId) }),
  });
}

export function useConfirmAlertPhone(userId: string) {
  return useMutation({
    mutationFn: (code: string) => api.confirmAlertPhone({ params: { id: userId }, body: { code } }),
    onSuccess: keep(userId),
  });
}

export function storeAlertsQueryOptions(tmk: string) {
  return queryOptions({
    queryKey: settingsKeys.storeAlerts(tmk),
    queryFn: ({ signal }) => api.getStoreAlerts({ params: { tmk }, signal }),
  });
}

export function useSaveStoreAlerts(tmk: string) {
  return useMutation({
    mutationFn: (body: StoreAlerts) => api.setStoreAlerts({ params: { tmk }, body }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.storeAlerts(tmk), data),
  });
}
