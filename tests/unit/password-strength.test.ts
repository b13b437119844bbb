/**
 * The staff password rule (zxcvbn-ts score 3 or more as typed and with its marks taken out, pieces
 * worth 10^7 guesses, with the school's own words, role words and common Indian names; not the
 * e-mail) and what the principal's add and reset hand out.
 */
import { describe, expect, it } from 'vitest';
import { passwordWeakness } from '../../src/features/auth/password-strength.server.ts';
import { temporaryPassword } from '../../src/features/auth/admins.server.ts';
import { defaultProfile } from '../../src/lib/school-profile.ts';

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

  it("counts the school's name and keyboard rows as guessable", async () => {
    expect(await codeOf('rmcpschool2024', 'office@school.test')).toBe('password.guessable');
    expect(await codeOf('qwertyuiop')).toBe('password.tooCommon');
  });

  it("refuses the outside review's staff passwords: the school's name, a role, a common Indian name, with a mark between", async () => {
    for (const password of ['RMCP@School2026', 'Principal@RMCP1', 'Meena@1234'])
      expect(await codeOf(password, 'office@school.test'), password).toBe('password.guessable');
  });

  it("knows the school's town and address, the roles' words, and first name + surname + number", async () => {
    for (const password of [
      'Office@Sikandrabad1',
      'Admin@Bulandshahr',
      'Principal#2026!',
      'Academy@Station7',
      'Sunita@Sharma1',
      'Ravi#Kumar#2024',
      'Pooja@Gupta99',
      'Priya.Verma.1990',
    ]) {
      expect(await codeOf(password, 'desk@school.test'), password).toBe('password.guessable');
    }
  });

  it('takes the words of the profile the school saved: its name, town and principal', async () => {
    const khurja = {
      ...defaultProfile(),
      name: { en: 'Saraswati Vidya Mandir', hi: 'सरस्वती विद्या मंदिर' },
      shortName: 'SVM Khurja',
      address: { en: 'GT Road, Khurja, Bulandshahr 203131', hi: 'जी.टी. रोड, खुर्जा' },
      principalName: 'Harpal Tomar',
    };
    for (const password of ['Khurja@Harpal9', 'Vidya#Mandir#7', 'Harpal.Tomar.88']) {
      expect(await codeOf(password, 'office@school.test'), `${password} elsewhere`).toBeUndefined();
      expect((await passwordWeakness(password, 'office@school.test', khurja))?.code, password).toBe(
        'password.guessable',
      );
    }
  });

  it('accepts a few words, and a made-up word with digits and a mark', async () => {
    for (const password of [
      'mango tree by the well',
      'correct horse battery staple',
      'BlueMango42!',
      'Kitchen-Lamp-Orbit-7',
      'Gulmohar!Chai7',
      'Tiger@Lotus88',
    ]) {
      expect(await codeOf(password), password).toBeUndefined();
    }
  });

  // Each check of a 17-character random string costs zxcvbn's l33t matcher a few hundred milliseconds of a busy core.
  it('a temporary password (add, reset) always passes', async () => {
    for (let i = 0; i < 100; i++) {
      const password = temporaryPassword();
      expect(await codeOf(password, 'a@school.test'), password).toBeUndefined();
    }
  }, 240_000);
});
