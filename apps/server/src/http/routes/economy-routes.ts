import {
  BoxOpenBody,
  EditorCardBody,
  EditorCompleteBody,
  EditorImportBody,
  EditorSetActiveBody,
  EmptyBody,
  PartnerParams,
  PaymentCreateBody,
  PaymentImplementBody,
} from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import type { createShop } from "../../economy/box-opening.ts";
import type { createDeckEditor } from "../../economy/deck-editor.ts";
import type { createPayments } from "../../economy/payments.ts";
import { HttpError, parseWith } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";

const SandboxPayBody = z.strictObject({
  order_id: z.string().uuid("order_id must be an order id"),
});

/** Deck editor, boxes, season pass and the partner's gem shop. */
export function economyRoutes(
  app: FastifyInstance,
  deps: {
    auth: preHandlerAsyncHookHandler;
    editor: ReturnType<typeof createDeckEditor>;
    shop: ReturnType<typeof createShop>;
    payments: ReturnType<typeof createPayments>;
    partnerName: string;
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
    return { data: await payments.create(request.userId, body.id) };
  });
  app.post("/api/:partner/payment/implement", { preHandler: auth }, async (request) => {
    partnerOf(request.params);
    const body = parseWith(PaymentImplementBody, request.body);
    return { data: await payments.implement(request.userId, String(body.payment_id)) };
  });
  if (deps.sandbox) {
    app.post("/api/:partner/payment/sandbox-pay", { preHandler: auth }, async (request) => {
      partnerOf(request.params);
      const body = parseWith(SandboxPayBody, request.body);
      return { data: { payment_id: await payments.sandboxPay(request.userId, body.order_id) } };
    });
  }
}
