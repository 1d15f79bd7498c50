import {
  BoxOpenBody,
  EditorCardBody,
  EditorCompleteBody,
  EditorImportBody,
  EditorSetActiveBody,
  EmptyBody,
  PartnerParams,
  PaymentCallbackBody,
  PaymentCreateBody,
  PaymentImplementBody,
  SandboxPayBody,
} from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { createShop } from "../../economy/box-opening.ts";
import type { createDeckEditor } from "../../economy/deck-editor.ts";
import type { ImplementResult, NoticeResult, Payments } from "../../economy/payments.ts";
import { HttpError, parseWith, unauthorized } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";

/** Deck editor, boxes, season pass and the partner's gem shop. */
export function economyRoutes(
  app: FastifyInstance,
  deps: {
    auth: preHandlerAsyncHookHandler;
    editor: ReturnType<typeof createDeckEditor>;
    shop: ReturnType<typeof createShop>;
    payments: Payments;
    partnerName: string;
    /** PAYMENT_SANDBOX=1 (never in production): local play pays without a platform. */
    sandbox: boolean;
  },
): void {
  const { auth, editor, shop, payments } = deps;

  app.post("/api/editor/set-active", { preHandler: auth }, async (request) => {
    const body = parseWith(EditorSetActiveBody, request.body);
    return { data: valueOrHttpError(await editor.setActive(request.userId, body.deck_number)) };
  });
  app.post("/api/editor/add-card", { preHandler: auth }, async (request) => {
    const body = parseWith(EditorCardBody, request.body);
    return {
      data: valueOrHttpError(await editor.add(request.userId, body.card_id, body.deck_number)),
    };
  });
  app.post("/api/editor/remove", { preHandler: auth }, async (request) => {
    const body = parseWith(EditorCardBody, request.body);
    return {
      data: valueOrHttpError(await editor.remove(request.userId, body.card_id, body.deck_number)),
    };
  });
  app.post("/api/editor/complete", { preHandler: auth }, async (request) => {
    const body = parseWith(EditorCompleteBody, request.body ?? {});
    return { data: valueOrHttpError(await editor.complete(request.userId, body.deck_number)) };
  });
  app.post("/api/editor/import", { preHandler: auth }, async (request) => {
    const body = parseWith(EditorImportBody, request.body);
    const r = valueOrHttpError(
      await editor.importCode(request.userId, body.deck_number, body.code),
    );
    return { data: { ...r.user, missing: r.missing } };
  });

  app.post("/api/boxes/open", { preHandler: auth }, async (request) => {
    const body = parseWith(BoxOpenBody, request.body);
    const r = valueOrHttpError(await shop.openBox(request.userId, body.id, body.request_id));
    return { data: { ...r.box, user: r.user } };
  });
  app.post("/api/boxes/season-pass", { preHandler: auth }, async (request) => {
    parseWith(EmptyBody, request.body);
    return { data: valueOrHttpError(await shop.buySeasonPass(request.userId)) };
  });

  const partnerOf = (params: unknown) => {
    const p = parseWith(PartnerParams, params, "path");
    if (p.partner !== deps.partnerName)
      throw new HttpError(404, "not_found", `Unknown partner platform: ${p.partner}.`);
  };
  app.get("/api/:partner/payment/boxes", { preHandler: auth }, async (request) => {
    partnerOf(request.params);
    return { data: await payments.boxes(request.userId) };
  });
  app.post("/api/:partner/payment/create", { preHandler: auth }, async (request) => {
    partnerOf(request.params);
    const body = parseWith(PaymentCreateBody, request.body);
    const order = await payments.create(request.userId, body.id);
    if (!order) throw new HttpError(404, "not_found", `No gem box ${body.id}.`);
    return { data: order };
  });
  app.post("/api/:partner/payment/implement", { preHandler: auth }, async (request) => {
    partnerOf(request.params);
    const body = parseWith(PaymentImplementBody, request.body);
    const r = await payments.implement(request.userId, String(body.payment_id));
    if (!r.ok) throw IMPLEMENT_REFUSALS[r.reason];
    return { data: r.user };
  });
  // The platform's server-to-server notice: no bearer token, its signature instead.
  app.post("/api/:partner/payment/callback", async (request) => {
    partnerOf(request.params);
    const body = parseWith(PaymentCallbackBody, request.body);
    const r = await payments.notice(body);
    if (!r.ok) throw NOTICE_REFUSALS[r.reason];
    return { data: { ok: true, status: r.status, credited: r.credited } };
  });
  if (deps.sandbox) {
    app.post("/api/:partner/payment/sandbox-pay", { preHandler: auth }, async (request) => {
      partnerOf(request.params);
      const body = parseWith(SandboxPayBody, request.body);
      const paymentId = await payments.sandboxPay(request.userId, body.order_id);
      if (!paymentId) throw new HttpError(404, "not_found", "No such order for this player.");
      return { data: { payment_id: paymentId } };
    });
  }
}

const IMPLEMENT_REFUSALS: Record<Extract<ImplementResult, { ok: false }>["reason"], HttpError> = {
  not_confirmed: new HttpError(
    409,
    "conflict",
    "The platform has not confirmed this payment yet; try again shortly.",
  ),
  failed: new HttpError(402, "bad_request", "The platform says this payment failed."),
  no_order: unauthorized("This player no longer exists. Please sign in again."),
};

const NOTICE_REFUSALS: Record<Extract<NoticeResult, { ok: false }>["reason"], HttpError> = {
  bad_signature: unauthorized("The payment notice's signature does not match."),
  stale: unauthorized(
    "The payment notice is older than 24 hours or dated more than 5 minutes ahead.",
  ),
  no_order: new HttpError(404, "not_found", "No such order."),
  wrong_user: new HttpError(409, "conflict", "The order belongs to another player."),
  wrong_amount: new HttpError(400, "bad_request", "The amount does not match the order's price."),
  paid_by_another_payment: new HttpError(
    409,
    "conflict",
    "The order was already paid by another payment.",
  ),
};
