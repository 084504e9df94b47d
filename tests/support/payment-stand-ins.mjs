// Local stand-ins for the few Stripe and PayPal endpoints the storefront calls, plus the pages a driver would see
// on their side (pay, decline, go back). Tests and the e2e server point STRIPE_API_URL / PAYPAL_API_URL here:
// nothing ever reaches the real services.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

const id = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's bracketed form encoding (line_items[0][price_data][unit_amount]=…) back into objects. */
function parseStripeForm(body) {
  const result = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[index + 1]) ? [] : {};
    });
  }
  return result;
}

const readBody = (request) =>
  new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/** A few lines of Stripe.js: `Stripe(key).createEmbeddedCheckoutPage({ clientSecret })` mounting the frame above. */
const stripeJsStandIn = (origin) => `window.Stripe = function Stripe(publishableKey) {
  if (!publishableKey) throw new Error("Stripe(): a publishable key is required");
  return {
    _registerWrapper() {},
    createEmbeddedCheckoutPage({ clientSecret }) {
      const sessionId = String(clientSecret).split("_secret_")[0];
      let frame = null;
      return Promise.resolve({
        mount(element) {
          frame = document.createElement("iframe");
          frame.title = "Stripe test checkout";
          frame.src = ${JSON.stringify(origin)} + "/stripe/embedded/" + encodeURIComponent(sessionId) + "?secret=" + encodeURIComponent(clientSecret);
          frame.style.width = "100%";
          frame.style.height = "12rem";
          frame.style.border = "0";
          element.appendChild(frame);
        },
        destroy() {
          if (frame) frame.remove();
        },
      });
    },
  };
};
`;

export async function startPaymentStandIns({ port = 0 } = {}) {
  const stripeSessions = new Map();
  const paypalOrders = new Map();
  const requests = [];
  /** Refunds made, by idempotency key (a retried request returns the same refund, as the real services do). */
  const refunds = new Map();
  /** While set, refund requests (or reads of a checkout session) answer 500: a gateway outage. */
  const outage = { refunds: false, sessions: false };
  /**
   * While `refunds` holds a promise, refund requests wait for it (a gateway that takes its time to answer).
   * @type {{ refunds: Promise<void> | null }}
   */
  const held = { refunds: null };
  let origin = "";

  const json = (response, status, value) => {
    response.writeHead(status, { "Content-Type": "application/json", Connection: "close" });
    response.end(JSON.stringify(value));
  };
  const html = (response, status, body) => {
    response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", Connection: "close" });
    response.end(body);
  };
  const redirect = (response, location) => {
    response.writeHead(303, { Location: location, Connection: "close" });
    response.end();
  };
  const stripeReturn = (session, url) => url.replace("{CHECKOUT_SESSION_ID}", session.id);

  const server = createServer(async (request, response) => {
    const url = new URL(request.url, origin);
    const body = await readBody(request);
    requests.push({ method: request.method, path: url.pathname, headers: request.headers, body });
    let match;
    // ---- Stripe API
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const params = parseStripeForm(body);
      // As Stripe does: a session must last at least 30 minutes.
      if (Number(params.expires_at) * 1000 < Date.now() + 30 * 60_000) {
        return json(response, 400, {
          error: {
            type: "invalid_request_error",
            param: "expires_at",
            message: "expires_at must be at least 30 minutes from Checkout Session creation",
          },
        });
      }
      const item = params.line_items?.[0]?.price_data ?? {};
      const session = {
        id: id("cs_test"),
        object: "checkout.session",
        mode: params.mode,
        ui_mode: params.ui_mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: Number(item.unit_amount) * Number(params.line_items?.[0]?.quantity ?? 1),
        currency: item.currency,
        client_reference_id: params.client_reference_id,
        customer_email: params.customer_email,
        metadata: params.metadata ?? {},
        expires_at: Number(params.expires_at),
        allowed_payment_method_types: params.allowed_payment_method_types ?? null,
        success_url: params.success_url ?? null,
        cancel_url: params.cancel_url ?? null,
        return_url: params.return_url ?? null,
        payment_intent: null,
        customer: null,
      };
      session.url = params.ui_mode === "embedded_page" ? null : `${origin}/stripe/pay/${session.id}`;
      session.client_secret =
        params.ui_mode === "embedded_page" ? `${session.id}_secret_${randomBytes(6).toString("hex")}` : null;
      stripeSessions.set(session.id, session);
      return json(response, 200, session);
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname))) {
      if (outage.sessions) return json(response, 500, { error: { type: "api_error", message: "stand-in outage" } });
      const session = stripeSessions.get(decodeURIComponent(match[1]));
      if (!session)
        return json(response, 404, {
          error: { type: "invalid_request_error", message: "No such checkout.session", code: "resource_missing" },
        });
      if (match[2]) {
        if (session.status !== "open")
          return json(response, 400, {
            error: { type: "invalid_request_error", message: "Only open sessions can be expired." },
          });
        session.status = "expired";
      }
      return json(response, 200, session);
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      if (held.refunds) await held.refunds;
      if (outage.refunds) return json(response, 500, { error: { type: "api_error", message: "stand-in outage" } });
      const params = parseStripeForm(body);
      const key = request.headers["idempotency-key"] ?? id("key");
      if (refunds.has(key)) return json(response, 200, refunds.get(key));
      const session = [...stripeSessions.values()].find(
        (candidate) => candidate.payment_intent === params.payment_intent,
      );
      if (!session)
        return json(response, 400, {
          error: {
            type: "invalid_request_error",
            message: `No such payment_intent: '${params.payment_intent}'`,
            param: "payment_intent",
          },
        });
      const refund = {
        id: id("re"),
        object: "refund",
        status: "succeeded",
        payment_intent: params.payment_intent,
        amount: session.amount_total,
        currency: session.currency,
      };
      refunds.set(key, refund);
      return json(response, 200, refund);
    }
    // ---- Stripe's hosted page, as a driver sees it
    if ((match = /^\/stripe\/pay\/([^/]+)$/.exec(url.pathname))) {
      const session = stripeSessions.get(match[1]);
      if (!session) return html(response, 404, page("No such session", ""));
      if (request.method === "POST") {
        if (url.searchParams.get("outcome") === "cancel")
          return redirect(response, stripeReturn(session, session.cancel_url));
        session.status = "complete";
        session.payment_status = "paid";
        session.payment_intent = id("pi");
        session.customer = id("cus");
        return redirect(response, stripeReturn(session, session.success_url));
      }
      return html(
        response,
        200,
        page(
          "Stripe test checkout",
          `<p>Amount: ${session.amount_total} ${session.currency}</p><form method="post" action="?outcome=pay"><button>Pay</button></form><form method="post" action="?outcome=cancel"><button>Back to the shop</button></form>`,
        ),
      );
    }
    // ---- Stripe.js, as the browser loads it (tests set STRIPE_JS_URL here): embedded checkout mounts a frame of ours
    if (url.pathname === "/stripe-js/stripe.js") {
      response.writeHead(200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Access-Control-Allow-Origin": "*",
        Connection: "close",
      });
      return response.end(stripeJsStandIn(origin));
    }
    // ---- Stripe's embedded form, in its frame: paying sends the whole page to the session's return_url
    if ((match = /^\/stripe\/embedded\/([^/]+)(\/pay)?$/.exec(url.pathname))) {
      const session = stripeSessions.get(match[1]);
      if (!session || session.ui_mode !== "embedded_page" || url.searchParams.get("secret") !== session.client_secret)
        return html(response, 404, page("No such session", ""));
      if (request.method === "POST" && match[2]) {
        if (session.status !== "open") return html(response, 409, page("This payment is closed", ""));
        Object.assign(session, {
          status: "complete",
          payment_status: "paid",
          payment_intent: id("pi"),
          customer: id("cus"),
        });
        return redirect(response, stripeReturn(session, session.return_url));
      }
      const action = `/stripe/embedded/${session.id}/pay?secret=${encodeURIComponent(session.client_secret)}`;
      return html(
        response,
        200,
        page(
          "Stripe test checkout",
          `<p>Amount: ${session.amount_total} ${session.currency}</p><form method="post" target="_top" action="${action}"><button>Pay</button></form>`,
        ),
      );
    }
    // ---- PayPal API
    if (request.method === "POST" && url.pathname === "/v1/oauth2/token") {
      if (!String(request.headers.authorization ?? "").startsWith("Basic "))
        return json(response, 401, { error: "invalid_client" });
      return json(response, 200, { access_token: id("A21"), token_type: "Bearer", expires_in: 32400 });
    }
    if (url.pathname.startsWith("/v2/") && !String(request.headers.authorization ?? "").startsWith("Bearer "))
      return json(response, 401, { name: "AUTHENTICATION_FAILURE" });
    if (request.method === "POST" && url.pathname === "/v2/checkout/orders") {
      const params = JSON.parse(body);
      const existing = [...paypalOrders.values()].find(
        (order) => order.requestId === request.headers["paypal-request-id"],
      );
      if (existing) return json(response, 201, existing.view());
      const orderId = randomBytes(8).toString("hex").toUpperCase();
      const unit = params.purchase_units[0];
      const context = params.payment_source?.paypal?.experience_context ?? {};
      const order = {
        id: orderId,
        requestId: request.headers["paypal-request-id"],
        status: "PAYER_ACTION_REQUIRED",
        unit,
        context,
        captures: [],
        view() {
          return {
            id: this.id,
            status: this.status,
            links: [{ rel: "payer-action", href: `${origin}/paypal/approve/${this.id}`, method: "GET" }],
            purchase_units: [
              {
                reference_id: unit.reference_id,
                custom_id: unit.custom_id,
                amount: unit.amount,
                payments: this.captures.length ? { captures: this.captures } : undefined,
              },
            ],
          };
        },
      };
      paypalOrders.set(orderId, order);
      return json(response, 201, order.view());
    }
    if ((match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname))) {
      const order = paypalOrders.get(decodeURIComponent(match[1]));
      if (!order) return json(response, 404, { name: "RESOURCE_NOT_FOUND" });
      if (match[2]) {
        if (order.status === "COMPLETED")
          return json(response, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] });
        if (order.status !== "APPROVED")
          return json(response, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] });
        order.status = "COMPLETED";
        order.captures = [{ id: id("CAP"), status: "COMPLETED", amount: order.unit.amount, final_capture: true }];
        return json(response, 201, order.view());
      }
      return json(response, 200, order.view());
    }
    if (request.method === "POST" && (match = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname))) {
      if (held.refunds) await held.refunds;
      if (outage.refunds) return json(response, 500, { name: "INTERNAL_SERVER_ERROR" });
      const key = request.headers["paypal-request-id"] ?? id("key");
      if (refunds.has(key)) return json(response, 201, refunds.get(key));
      const order = [...paypalOrders.values()].find((candidate) =>
        candidate.captures.some((capture) => capture.id === decodeURIComponent(match[1])),
      );
      if (!order) return json(response, 404, { name: "RESOURCE_NOT_FOUND" });
      const refund = {
        id: id("REF"),
        status: "COMPLETED",
        amount: order.unit.amount,
        captureId: decodeURIComponent(match[1]),
      };
      refunds.set(key, refund);
      return json(response, 201, refund);
    }
    // ---- PayPal's approval page
    if ((match = /^\/paypal\/approve\/([^/]+)$/.exec(url.pathname))) {
      const order = paypalOrders.get(match[1]);
      if (!order) return html(response, 404, page("No such order", ""));
      if (request.method === "POST") {
        if (url.searchParams.get("outcome") === "cancel") return redirect(response, order.context.cancel_url);
        order.status = "APPROVED";
        const back = new URL(order.context.return_url);
        back.searchParams.set("token", order.id);
        back.searchParams.set("PayerID", "TESTPAYER");
        return redirect(response, back.href);
      }
      return html(
        response,
        200,
        page(
          "PayPal test approval",
          `<p>Amount: ${order.unit.amount.value} ${order.unit.amount.currency_code}</p><form method="post" action="?outcome=approve"><button>Approve</button></form><form method="post" action="?outcome=cancel"><button>Cancel and return</button></form>`,
        ),
      );
    }
    json(response, 404, {
      error: { type: "invalid_request_error", message: `no stand-in for ${request.method} ${url.pathname}` },
    });
  });

  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    requests,
    stripeSessions,
    paypalOrders,
    /** Marks a Stripe session paid, as a driver paying on Stripe's page would. */
    payStripeSession(sessionId) {
      const session = stripeSessions.get(sessionId);
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: id("pi"),
        customer: id("cus"),
      });
      return session;
    },
    approvePayPalOrder(orderId) {
      paypalOrders.get(orderId).status = "APPROVED";
    },
    /** Captures an order as if our server had, then lost the answer (it crashed, or timed out). */
    capturePayPalOrder(orderId) {
      const order = paypalOrders.get(orderId);
      order.status = "COMPLETED";
      order.captures = [{ id: id("CAP"), status: "COMPLETED", amount: order.unit.amount, final_capture: true }];
    },
    refunds,
    outage,
    held,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
