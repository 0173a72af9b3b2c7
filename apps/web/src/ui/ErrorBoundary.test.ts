import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

function renderAfterError(
  error: unknown,
  fallback?: ConstructorParameters<typeof ErrorBoundary>[0]['fallback'],
) {
  const boundary = new ErrorBoundary({ children: createElement('p', null, 'content'), fallback });
  boundary.state = ErrorBoundary.getDerivedStateFromError(error);
  return renderToStaticMarkup(createElement('div', null, boundary.render()));
}

describe('ErrorBoundary', () => {
  it('renders its children until something throws', () => {
    const boundary = new ErrorBoundary({ children: createElement('p', null, 'content') });
    expect(renderToStaticMarkup(createElement('div', null, boundary.render()))).toBe(
      '<div><p>content</p></div>',
    );
  });

  it('shows the full-screen error with the message and a Reload Page button', () => {
    const html = renderAfterError(new Error('Cannot read the brand'));
    expect(html).toContain('role="alert"');
    expect(html).toContain('fixed inset-0');
    expect(html).toContain('<h1 class="text-2xl font-semibold">Something went wrong</h1>');
    expect(html).toContain('Cannot read the brand');
    expect(html).toMatch(/<button[^>]*>Reload Page<\/button>/);
  });

  it.each([[new Error('')], ['a thrown string'], [null]])(
    'falls back to "An unexpected error occurred" for %j',
    (error) => {
      expect(renderAfterError(error)).toContain('An unexpected error occurred');
    },
  );

  it('uses a custom fallback, as an element or as a function of the error', () => {
    expect(renderAfterError(new Error('x'), createElement('em', null, 'custom'))).toBe(
      '<div><em>custom</em></div>',
    );
    expect(
      renderAfterError(new Error('boom'), (error) =>
        createElement('em', null, `custom: ${(error as Error).message}`),
      ),
    ).toBe('<div><em>custom: boom</em></div>');
  });

  it('logs the error with its component stack', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const boundary = new ErrorBoundary({ children: null });
    const error = new Error('boom');
    boundary.componentDidCatch(error, { componentStack: '\n    at Page' });
    expect(log).toHaveBeenCalledWith('Uncaught error in the UI', error, '\n    at Page');
    log.mockRestore();
  });
});
