import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field.tsx';
import { Notice } from './Notice.tsx';

describe('status messages never rest on colour alone', () => {
  it('an error notice is an alert with its own icon, which screen readers skip', () => {
    render(<Notice tone="error">The card was declined.</Notice>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^The card was declined\.$/);
    const icon = alert.querySelector('svg');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('each tone draws a different icon', () => {
    const drawing = (tone: 'error' | 'success' | 'info') => {
      const { container, unmount } = render(<Notice tone={tone}>Text</Notice>);
      const html = container.querySelector('svg')?.innerHTML;
      unmount();
      return html;
    };
    expect(new Set([drawing('error'), drawing('success'), drawing('info')]).size).toBe(3);
  });

  it("a field's error is tied to the input and shown with an icon beside the words", () => {
    render(<Field label="E-mail" error="Enter an e-mail address." />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAccessibleDescription('Enter an e-mail address.');
    expect(input).toBeInvalid();
    const message = screen.getByText('Enter an e-mail address.');
    expect(message.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });
});
