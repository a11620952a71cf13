/** A target whose floating layer arrives while it is held down keeps its click (the browser sends it to the pressed element). */
import { describe, expect, it, vi } from 'vitest';
import type { DeferredFloatingProps } from './deferred-floating.tsx';

/** A module graph in which the floating layer is not loaded yet (the test setup loads it up front). */
async function fresh() {
  vi.resetModules();
  const { act, fireEvent, screen } = await import('@testing-library/react');
  const { loadFloating } = await import('../lib/floating.ts');
  const { renderWithProviders } = await import('../test/render-app.tsx');
  const { DeferredFloating } = await import('./deferred-floating.tsx');
  const renderTooltipTarget = (target: DeferredFloatingProps['target']) =>
    renderWithProviders(
      <DeferredFloating target={target}>
        {({ Tooltip }, t) => <Tooltip label="Accept">{t}</Tooltip>}
      </DeferredFloating>,
    );
  const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
  // the layer arrives between the press and the release
  const pressThenLoad = async (el: HTMLElement) => {
    fireEvent.pointerDown(el, { button: 0 });
    await act(async () => {
      await loadFloating();
    });
  };
  return { fireEvent, screen, renderTooltipTarget, wait, pressThenLoad };
}

describe('DeferredFloating', () => {
  it('keeps the pressed target until its click, then wraps it in the loaded tooltip', {
    timeout: 30_000,
  }, async () => {
    const { fireEvent, screen, renderTooltipTarget, wait, pressThenLoad } = await fresh();
    const onClick = vi.fn();
    renderTooltipTarget(<button type="button" aria-label="Accept order X" onClick={onClick} />);
    const pressed = screen.getByRole('button', { name: 'Accept order X' });
    await pressThenLoad(pressed);
    expect(pressed.isConnected).toBe(true);
    fireEvent.pointerUp(pressed, { button: 0 });
    // a tap's click may come a task or more after its pointerup
    await wait(50);
    expect(pressed.isConnected).toBe(true);
    fireEvent.click(pressed);
    expect(onClick).toHaveBeenCalledTimes(1);
    // after the click, the real target takes its place and clicks as before
    await wait(10);
    const wrapped = screen.getByRole('button', { name: 'Accept order X' });
    expect(wrapped).not.toBe(pressed);
    fireEvent.click(wrapped);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('a press dragged off the target (no click) lets the real one take its place soon after', {
    timeout: 30_000,
  }, async () => {
    const { fireEvent, screen, renderTooltipTarget, wait, pressThenLoad } = await fresh();
    renderTooltipTarget(<button type="button" aria-label="Reject order X" />);
    const pressed = screen.getByRole('button', { name: 'Reject order X' });
    await pressThenLoad(pressed);
    fireEvent.pointerUp(document.body, { button: 0 });
    await wait(50);
    expect(pressed.isConnected).toBe(true);
    await wait(600);
    expect(pressed.isConnected).toBe(false);
    expect(screen.getByRole('button', { name: 'Reject order X' })).toBeInTheDocument();
  });
});
