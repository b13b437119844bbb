/**
 * The signed-in person, as the admin guard loaded it, for screens that show or hide what a role
 * may use (the server checks every call again).
 */
import { createContext, useContext } from 'react';
import type { SignedIn } from '../../lib/roles.ts';

export const SessionContext = createContext<SignedIn | undefined>(undefined);

/** The signed-in person; screens render only inside the guard, which provides it. */
export function useSignedIn(): SignedIn {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSignedIn outside the admin guard');
  return value;
}

export const useIsPrincipal = () => useSignedIn().role === 'principal';
