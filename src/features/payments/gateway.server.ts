/**
 * The calls payments make to the gateway (src/server/razorpay.ts): an order, a payment, an order's
 * payments, a refund. A gateway that cannot be reached, or refuses, is a 502 naming what it said:
 * nothing is stored on our side for a call that failed.
 */
import { HttpError, conflict } from '../../server/errors.ts';
import { boundedText as words, issueFields } from '../../server/provider-input.ts';
import { z } from '../../lib/zod.ts';
import {
  gatewayConfig,
  isGatewayError,
  razorpayClient,
  type GatewayConfig,
  type RazorpayClient,
} from '../../server/razorpay.ts';

export const GATEWAY_TEXTS = {
  off: 'Online payment is not set up: take the fee at the desk.',
  failed: 'The payment gateway did not answer as expected. Try again in a few minutes.',
} as const;

const ID_WORDS = "Expected the gateway's id: letters, digits and _, at most 64.";
const AMOUNT_WORDS = 'Expected whole paise: an integer from 0 to 9007199254740991.';
const CURRENCY_WORDS = 'Expected a currency code of three capital letters.';

/**
 * A gateway's id (pay_..., order_..., evt_...): Razorpay's are a prefix and 14 base-62 characters;
 * word characters up to 64 are taken, so an id always fits where it is stored and looked up.
 */
export const gatewayId = z.string({ error: ID_WORDS }).check(z.regex(/^\w{1,64}$/, { error: ID_WORDS }));

/**
 * A payment entity as the gateway sends it (a webhook's payload, the API's answers): the fields we
 * read, each in its range. An amount is whole paise, 0 up to the largest integer JSON carries exactly
 * (z.int()); whether it is the order's amount is takeGatewayPayment's question (a mismatch).
 */
const gatewayPaymentSchema = z.object({
  id: gatewayId,
  order_id: z.optional(z.nullable(gatewayId)),
  amount: z.int({ error: AMOUNT_WORDS }).check(z.minimum(0, { error: AMOUNT_WORDS })),
  currency: z.string({ error: CURRENCY_WORDS }).check(z.regex(/^[A-Z]{3}$/, { error: CURRENCY_WORDS })),
  status: words(40),
  method: z.optional(z.nullable(words(40))),
  // A failed payment's words, for the office's list of payments that did not happen.
  error_description: z.optional(z.nullable(words(500))),
  error_reason: z.optional(z.nullable(words(100))),
});

/** The gateway's payment (the fields we read). */
export type GatewayPayment = z.output<typeof gatewayPaymentSchema>;

/** A webhook's body: its event, and the payment it carries (checked whenever it carries one). */
export const webhookEventSchema = z.object({
  event: words(100),
  payload: z.optional(z.object({ payment: z.optional(z.object({ entity: gatewayPaymentSchema })) })),
});

/** A payment the gateway's API answered, when it is one in range; undefined else (said in the log: the gateway, not the family, is wrong). */
export function gatewayPayment(value: unknown, what: string): GatewayPayment | undefined {
  const result = gatewayPaymentSchema.safeParse(value);
  if (!result.success)
    console.error(`[gateway] ${what}: a payment out of range: ${JSON.stringify(issueFields(result.error))}`);
  return result.success ? result.data : undefined;
}

export interface GatewayRefund {
  id: string;
  amount: number;
  status: string;
}

/** The configured gateway and its SDK client; 409 when online payment is not offered. */
export function gateway(): { config: GatewayConfig; client: RazorpayClient } {
  const config = gatewayConfig();
  if (!config) throw conflict(GATEWAY_TEXTS.off).withCode('online-off');
  return { config, client: razorpayClient(config) };
}

/** A call to the gateway: what it threw becomes a 502 with its description. */
export async function callGateway<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const said = isGatewayError(error)
      ? `${error.statusCode} ${error.error?.code ?? ''} ${error.error?.description ?? ''}`.trim()
      : String(error);
    console.error(`[gateway] ${what} failed: ${said}`);
    throw new HttpError(502, `${GATEWAY_TEXTS.failed} (${what}: ${said})`).withCode('gateway-failed');
  }
}

/** Refunds `amountPaise` of the gateway payment `paymentId` in full speed "normal", noting why. */
export async function refundThroughGateway(
  paymentId: string,
  amountPaise: number,
  notes: Record<string, string>,
): Promise<GatewayRefund> {
  const { client } = gateway();
  return callGateway(
    'refund',
    () => client.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', notes }) as Promise<GatewayRefund>,
  );
}
