/** The staff password rule (zxcvbn-ts score 3 or more, not the e-mail) and what the principal's add and reset hand out. */
import { describe, expect, it } from 'vitest';
import { passwordWeakness } from '../../src/features/auth/password-strength.server.ts';
import { temporaryPassword } from '../../src/features/auth/admins.server.ts';

const EMAIL = 'sunita.verma@rmcpschool.in';
const codeOf = async (password: string, email = EMAIL) => (await passwordWeakness(password, email))?.code;

describe('staff password strength', () => {
  it('refuses the examples the review tried, each with its rule', async () => {
    expect(await codeOf('aaaaaaaaaa')).toBe('password.guessable');
    expect(await codeOf('1234567890')).toBe('password.tooCommon');
    expect(await codeOf('password12')).toBe('password.tooCommon');
    expect(await codeOf(EMAIL)).toBe('password.containsEmail');
    expect(await codeOf('sunita.verma')).toBe('password.containsEmail');
    expect(await codeOf('SunitaVerma2024!')).toBe('password.containsEmail');
    expect(await codeOf('short')).toBe('password.short');
  });

  it('counts the school\'s name and keyboard rows as guessable', async () => {
    expect(await codeOf('rmcpschool2024', 'office@school.test')).toBe('password.guessable');
    expect(await codeOf('qwertyuiop')).toBe('password.tooCommon');
  });

  it('accepts a few words, and a made-up word with digits and a mark', async () => {
    for (const password of ['mango tree by the well', 'correct horse battery staple', 'BlueMango42!']) expect(await codeOf(password), password).toBeUndefined();
  });

  it('a temporary password (add, reset) always passes', async () => {
    for (let i = 0; i < 200; i++) {
      const password = temporaryPassword();
      expect(await codeOf(password, 'a@school.test'), password).toBeUndefined();
    }
  });
});
