import { cardNameSchema } from '../schemas/card';
import { setPasswordSchema, passwordSchema } from '../schemas/password';
import { fileProblem } from '../files';

test('a card name is required and at least 2 characters', async () => {
  await expect(cardNameSchema.validate('  ')).rejects.toThrow('Название обязательно');
  await expect(cardNameSchema.validate('Я')).rejects.toThrow('Минимум 2 символа');
  await expect(cardNameSchema.validate(' Курага ')).resolves.toBe('Курага');
});

test('a new password: 8 characters, a lowercase, an uppercase, a digit; the confirmation matches', async () => {
  await expect(passwordSchema.validate('Ab1')).rejects.toThrow('Пароль должен содержать минимум 8 символов');
  await expect(passwordSchema.validate('ABCDEFG1')).rejects.toThrow(
    'Пароль должен содержать хотя бы одну строчную букву',
  );
  await expect(passwordSchema.validate('abcdefg1')).rejects.toThrow(
    'Пароль должен содержать хотя бы одну заглавную букву',
  );
  await expect(passwordSchema.validate('Abcdefgh')).rejects.toThrow('Пароль должен содержать хотя бы одну цифру');
  await expect(passwordSchema.validate('Орехи2026')).resolves.toBe('Орехи2026'); // Cyrillic letters count
  await expect(setPasswordSchema.validate({ psswrd: 'Orehi2026', confirmPsswrd: 'Orehi2027' })).rejects.toThrow(
    'Пароли не совпадают',
  );
});

test('uploads: type and size are named in Russian', () => {
  expect(fileProblem('image', { name: 'фото.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
  expect(fileProblem('image', { name: 'прайс.pdf', type: 'application/pdf', size: 1000 })).toBe(
    'Файл «прайс.pdf» не подходит: можно JPG, PNG, WEBP или GIF до 10 МБ',
  );
  expect(fileProblem('document', { name: 'прайс.pdf', type: 'application/pdf', size: 21 * 1024 * 1024 })).toBe(
    'Файл «прайс.pdf» слишком большой: можно PDF, Word, Excel, CSV, TXT, JPG или PNG до 20 МБ',
  );
  expect(fileProblem('document', { name: 'пусто.txt', type: 'text/plain', size: 0 })).toBe('Файл «пусто.txt» пустой');
});
