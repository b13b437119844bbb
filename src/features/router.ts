/** The functions' router (src/server/http.ts) with the body limits of every route (./body-limits.ts). */
import { router as serverRouter, type Routes } from '../server/http.ts';
import { declaredTooLarge } from './body-limits.ts';

export const router = (routes: Routes) => serverRouter(routes, declaredTooLarge);
