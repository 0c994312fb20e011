import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { phSummary } from '../fixtures';
import { formatValue, rampStops, VALUE_RAMP } from '../lib/colors';
import { ValueLegend } from './ValueLegend';

afterEach(async () => {
  await changeLanguage('en');
});

describe('the legend of a map coloured by value', () => {
  it('shows the parameter, its unit, the ramp from min to max and the stations without a value', () => {
    renderWithProviders(<ValueLegend parameter="pH" summary={{ ...phSummary, max: 12345.678 }} missing={1234} />);
    const legend = screen.getByRole('group', { name: 'Legend' });
    expect(within(legend).getByText(/^Latest value: pH/)).toHaveTextContent('Latest value: pH (std units)');
    expect(within(legend).getByRole('img', { name: 'From 7.4 to 12,345.7 std units' })).toBeInTheDocument();
    expect(legend.querySelector('.value-legend-min')).toHaveTextContent('7.4');
    expect(legend.querySelector('.value-legend-min')).toHaveAttribute('data-value', '7.4');
    expect(legend.querySelector('.value-legend-max')).toHaveTextContent('12,345.7');
    expect(legend.querySelector('.value-legend-ramp')).toHaveStyle({ background: `linear-gradient(to right, ${VALUE_RAMP.join(', ')})` });
    expect(within(legend).getByText(/^No value/)).toHaveTextContent('No value (1,234)');
    expect(within(legend).queryByText(/several units/)).not.toBeInTheDocument();
  });

  it('names every unit when the values come in several, and leaves out what is not there', () => {
    renderWithProviders(
      <ValueLegend parameter="Nitrate" summary={{ ...phSummary, unit: 'mg/L', units: ['mg/L', 'ug/L'] }} missing={0} />,
    );
    const legend = screen.getByRole('group', { name: 'Legend' });
    expect(within(legend).getByText('Values in several units: mg/L, ug/L')).toBeInTheDocument();
    expect(within(legend).queryByText(/No value/)).not.toBeInTheDocument();
  });

  it('shows no ramp when no station has a value', () => {
    renderWithProviders(
      <ValueLegend parameter="Turbidity" summary={{ parameterId: 'x', stations: 0, min: null, max: null, unit: null, units: [] }} missing={3} />,
    );
    const legend = screen.getByRole('group', { name: 'Legend' });
    expect(within(legend).queryByRole('img')).not.toBeInTheDocument();
    expect(legend).toHaveTextContent('Latest value: TurbidityNo value (3)');
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<ValueLegend parameter="pH" summary={phSummary} missing={1} />);
    const legend = screen.getByRole('group', { name: '图例' });
    expect(legend).toHaveTextContent('最新值：pH (std units)');
    expect(within(legend).getByRole('img', { name: '从 7.4 到 8.25 std units' })).toBeInTheDocument();
    expect(legend).toHaveTextContent('无数值 (1)');
  });
});

describe('value colours', () => {
  it('spreads the ramp from min to max, and a single value takes the middle colour', () => {
    expect(rampStops([0, 8])).toEqual([0, VALUE_RAMP[0], 2, VALUE_RAMP[1], 4, VALUE_RAMP[2], 6, VALUE_RAMP[3], 8, VALUE_RAMP[4]]);
    expect(rampStops([5, 5])).toEqual([5, VALUE_RAMP[2]]);
  });

  it('formats values with up to 6 significant digits', () => {
    expect(formatValue(0.00512, 'en')).toBe('0.00512');
    expect(formatValue(1234567.8, 'en')).toBe('1,234,570');
    expect(formatValue(-2.5, 'zh-CN')).toBe('-2.5');
  });
});
