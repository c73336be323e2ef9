import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RadioGroup } from './RadioGroup.tsx';
import { Switch } from './Switch.tsx';

const OPTIONS = [
  { value: 'one', label: 'One month', hint: 'Until 31 December' },
  { value: 'two', label: 'Two months' },
  { value: 'three', label: 'Three months', disabled: true },
] as const;

function Months({ error }: { error?: string }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <RadioGroup
        legend="How long?"
        hint="Pick one"
        error={error}
        options={OPTIONS}
        value={value}
        onChange={setValue}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('RadioGroup', () => {
  it('is one named group of native radios that the arrow keys move through, skipping a disabled one', async () => {
    const user = userEvent.setup();
    render(<Months />);
    const group = screen.getByRole('group', { name: 'How long?' });
    expect(group).toHaveAccessibleDescription('Pick one');
    expect(screen.getByRole('radio', { name: 'One month' })).toHaveAccessibleDescription('Until 31 December');

    await user.tab();
    const first = screen.getByRole('radio', { name: 'One month' });
    expect(first).toHaveFocus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('one');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Two months' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Two months' })).toHaveFocus();
    expect(first).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Three months' })).toBeDisabled();
  });

  it('a click on the card (the label) chooses, and an error is said with the group', async () => {
    render(<Months error="Choose how long" />);
    await userEvent.click(screen.getByText('Two months'));
    expect(screen.getByRole('radio', { name: 'Two months' })).toBeChecked();
    const group = screen.getByRole('group', { name: 'How long?' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose how long Pick one');
  });
});

describe('Switch', () => {
  function Setting() {
    const [on, setOn] = useState(false);
    return (
      <Switch
        label="Workout reminders"
        hint="A push on Mondays"
        checked={on}
        onChange={(e) => setOn(e.target.checked)}
      />
    );
  }

  it('is a switch that Space turns on and off, named by its label and described by its hint', async () => {
    const user = userEvent.setup();
    render(<Setting />);
    const toggle = screen.getByRole('switch', { name: 'Workout reminders' });
    expect(toggle).toHaveAccessibleDescription('A push on Mondays');
    expect(toggle).not.toBeChecked();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByText('Workout reminders'));
    expect(toggle).toBeChecked();
  });
});
