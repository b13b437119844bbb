/** Seats per class and session as the seat screens read them (the API is ./seats.server.ts). */

/** The largest capacity a class may be given. */
export const MAX_CAPACITY = 1000;

/** GET /v1/api/admission/seats: each class's capacity (null: no limit) beside its counts. */
export interface SeatSummary {
  session: string;
  sessions: string[];
  classes: {
    admissionClass: string;
    capacity: number | null;
    admitted: number;
    waitlisted: number;
    applications: number;
  }[];
}

/** GET and PUT /v1/api/seats (principal). */
export interface SeatCapacities {
  session: string;
  sessions: string[];
  seats: { admissionClass: string; capacity: number | null }[];
}

/** A class is full when it has a capacity and that many are admitted. */
export const isFull = (c: { capacity: number | null; admitted: number }) =>
  c.capacity !== null && c.admitted >= c.capacity;
