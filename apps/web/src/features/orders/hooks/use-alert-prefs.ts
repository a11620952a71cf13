/** Optional new-order alerts: a sound and a browser notification (each off until the user turns it on). */
import { useCallback, useState } from 'react';

const SOUND_KEY = 'orders.alerts.sound';
const DESKTOP_KEY = 'orders.alerts.desktop';

const read = (key: string) => {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};
const write = (key: string, on: boolean) => {
  try {
    window.localStorage.setItem(key, on ? '1' : '0');
  } catch {
    /* storage disabled */
  }
};

export function alertPrefs() {
  return { sound: read(SOUND_KEY), desktop: read(DESKTOP_KEY) };
}

export function useAlertPrefs() {
  const [prefs, setPrefs] = useState(alertPrefs);
  const setSound = useCallback((on: boolean) => {
    write(SOUND_KEY, on);
    setPrefs((p) => ({ ...p, sound: on }));
    if (on) playNewOrderSound();
  }, []);
  const setDesktop = useCallback(async (on: boolean) => {
    if (on && typeof Notification !== 'undefined' && Notification.permission !== 'granted') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') on = false;
    }
    write(DESKTOP_KEY, on);
    setPrefs((p) => ({ ...p, desktop: on }));
  }, []);
  const desktopAvailable = typeof Notification !== 'undefined' && Notification.permission !== 'denied';
  return { ...prefs, setSound, setDesktop, desktopAvailable };
}

let audio: AudioContext | null = null;

/** Two short tones (no audio file to download). */
export function playNewOrderSound(): void {
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    [0, 0.18].forEach((offset, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = i === 0 ? 880 : 1175;
      gain.gain.setValueAtTime(0.0001, ctx.currentTime + offset);
      gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + offset + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + offset);
      osc.stop(ctx.currentTime + offset + 0.17);
    });
  } catch {
    /* no audio in this browser */
  }
}

export function showNewOrderNotification(count: number, firstId: string): void {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const body = count === 1 ? `Order #${firstId}` : `${count} new orders`;
    new Notification('New order received', { body, tag: 'new-order' });
  } catch {
    /* notifications unavailable */
  }
}
