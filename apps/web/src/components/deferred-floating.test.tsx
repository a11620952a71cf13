/** A target whose floating layer arrives while it is held down keeps its click (the browser sends it to the pressed element). */
import { describe, expect, it, vi } from 'vitest';

describe('DeferredFloating', () => {
  it('keeps the pressed target until it is released, then wraps it in the loaded tooltip', {
    timeout: 30_000,
  }, async () => {
    // The test setup loads the floating layer up front: start from a module graph in which it is not loaded.
    vi.resetModules();
    const { act, fireEvent, screen } = await import('@testing-library/react');
    const { loadFloating } = await import('../lib/floating.ts');
    const { renderWithProviders } = await import('../test/render-app.tsx');
    const { DeferredFloating } = await import('./deferred-floating.tsx');
    const onClick = vi.fn();
    renderWithProviders(
      <DeferredFloating target={<button type="button" aria-label="Accept order X" onClick={onClick} />}>
        {({ Tooltip }, target) => <Tooltip label="Accept">{target}</Tooltip>}
      </DeferredFloating>,
    );
    const pressed = screen.getByRole('button', { name: 'Accept order X' });
    fireEvent.pointerDown(pressed, { button: 0 });
    // the layer arrives between the press and the release
    await act(async () => {
      await loadFloating();
    });
    expect(pressed.isConnected).toBe(true);
    fireEvent.pointerUp(pressed, { button: 0 });
    fireEvent.click(pressed);
    expect(onClick).toHaveBeenCalledTimes(1);
    // after the click, the real target takes its place and clicks as before
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    const wrapped = screen.getByRole('button', { name: 'Accept order X' });
    expect(wrapped).not.toBe(pressed);
    fireEvent.click(wrapped);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
