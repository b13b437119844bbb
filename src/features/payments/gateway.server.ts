/**
 * The calls payments make to the gateway (src/server/razorpay.ts): an order, a payment, an order's
 * payments, a refund. A gateway that cannot be reached, or refuses, is a 502 naming what it said:
 * nothing is stored on our side for a call that failed.
 */
import { HttpError, conflict } from '../../server/errors.ts';
import { gatewayConfig, isGatewayError, razorpayClient, type GatewayConfig, type RazorpayClient } from '../../server/razorpay.ts';

export const GATEWAY_MESSAGES = {
  off: 'Online payment is not set up: take the fee at the desk.',
  failed: 'The payment gateway did not answer as expected. Try again in a few minutes.',
} as const;

/** The gateway's payment as the SDK answers it (the fields we read). */
export interface GatewayPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
  method?: string;
}

export interface GatewayRefund {
  id: string;
  amount: number;
  status: string;
}

/** The configured gateway and its SDK client; 409 when online payment is not offered. */
export function gateway(): { config: GatewayConfig; client: RazorpayClient } {
  const config = gatewayConfig();
  if (!config) throw conflict(GATEWAY_MESSAGES.off).withCode('online-off');
  return { config, client: razorpayClient(config) };
}

/** A call to the gateway: what it threw becomes a 502 with its description. */
export async function callGateway<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const said = isGatewayError(error) ? `${error.statusCode} ${error.error?.code ?? ''} ${error.error?.description ?? ''}`.trim() : String(error);
    console.error(`[gateway] ${what} failed: ${said}`);
    throw new HttpError(502, `${GATEWAY_MESSAGES.failed} (${what}: ${said})`).withCode('gateway-failed');
  }
}

/** Refunds `amountPaise` of the gateway payment `paymentId` in full speed "normal", noting why. */
export async function refundThroughGateway(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<GatewayRefund> {
  const { client } = gateway();
  return callGateway('refund', () => client.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', notes }) as Promise<GatewayRefund>);
}
