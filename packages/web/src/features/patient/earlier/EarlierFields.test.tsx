import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import deEarlier from '@wartefrei/shared/i18n/de/earlier.json';
import deBooking from '@wartefrei/shared/i18n/de/booking.json';
import { provideGerman, translate } from '../app/i18n';
import { ANY_TIME, wishBody, type EarlierChoice } from './earlier-times';
import { EarlierFields } from './EarlierFields';

provideGerman('earlier', deEarlier);
provideGerman('booking', deBooking);

/** The fields as a form holds them, with what would be sent shown beside. */
function Harness() {
  const [choice, setChoice] = useState<EarlierChoice>(ANY_TIME);
  return (
    <>
      <EarlierFields id="t" value={choice} onChange={setChoice} t={(key, values) => translate('de', 'earlier', key, values)} lang="de" />
      <output data-testid="body">{JSON.stringify(wishBody(choice))}</output>
    </>
  );
}

describe('EarlierFields: "nicht vor" and the weekday × part grid', () => {
  it('labels each of the 14 checkboxes by weekday and part, and sends what is ticked', () => {
    render(<Harness />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(14);
    expect(screen.getByTestId('body').textContent).toBe('{}');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mittwoch Nachmittag' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Montag Vormittag' }));
    fireEvent.change(screen.getByLabelText(/Nicht vor/), { target: { value: '2026-12-01' } });
    expect(JSON.parse(screen.getByTestId('body').textContent ?? '')).toEqual({
      not_before: '2026-12-01',
      times: [
        { weekday: 1, part: 'MORNING' },
        { weekday: 3, part: 'AFTERNOON' },
      ],
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Montag Vormittag' }));
    expect(JSON.parse(screen.getByTestId('body').textContent ?? '')).toEqual({ not_before: '2026-12-01', times: [{ weekday: 3, part: 'AFTERNOON' }] });
  });
});
