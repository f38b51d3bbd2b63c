// Editable numbers (issue 35): a stored value shown with the Russian decimal comma, a typed one read with a comma or
// a point and sent with a point.
import { editableNumber, typedNumber } from '../format';

test('a stored number as an editable field shows it: the comma, no trailing zeros, no grouping', () => {
  expect(editableNumber('3533.42')).toBe('3533,42');
  expect(editableNumber('12.50')).toBe('12,5');
  expect(editableNumber('1200.00')).toBe('1200');
  expect(editableNumber('0.125')).toBe('0,125');
  expect(editableNumber(12.5)).toBe('12,5');
  expect(editableNumber(1)).toBe('1');
  expect(editableNumber('-7.10')).toBe('-7,1');
  expect(editableNumber('12,5')).toBe('12,5');
  expect(editableNumber(null)).toBe('');
  expect(editableNumber('')).toBe('');
  expect(editableNumber('abc')).toBe('abc');
});

test('a typed number as the API takes it: a point, spaces dropped; text that is no number as typed', () => {
  expect(typedNumber('1200,5')).toBe('1200.5');
  expect(typedNumber('1200.5')).toBe('1200.5');
  expect(typedNumber('1200,50')).toBe('1200.50');
  expect(typedNumber(' 1 200,5 ')).toBe('1200.5');
  expect(typedNumber('12,')).toBe('12');
  expect(typedNumber(',5')).toBe('0.5');
  expect(typedNumber('')).toBe('');
  expect(typedNumber('12,5,3')).toBe('12,5,3');
  expect(typedNumber('1e3')).toBe('1e3');
  expect(typedNumber('abc')).toBe('abc');
});
