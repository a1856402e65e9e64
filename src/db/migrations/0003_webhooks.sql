-- Webhook delivery (SPEC 6): signing secrets per API key, one message per delivery of a job's result (retries
-- reuse it: same webhook-id, same body), and a log of every attempt.

CREATE TABLE webhook_signing_secrets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  api_key_id  uuid NOT NULL REFERENCES api_keys (id),
  -- whsec_ + base64: HMAC needs the secret itself, so it is stored (unlike the API secret, which is only hashed).
  secret      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- NULL: current. Set by a rotation: the old secret keeps signing (beside the new one) until then.
  expires_at  timestamptz
);
CREATE INDEX webhook_signing_secrets_key_idx ON webhook_signing_secrets (api_key_id);

CREATE TABLE webhook_messages (
  id               text PRIMARY KEY, -- msg_<ULID>, sent as webhook-id
  job_id           uuid NOT NULL REFERENCES document_jobs (id),
  api_key_id       uuid REFERENCES api_keys (id),
  event_type       text NOT NULL,
  url              text NOT NULL,
  body             text NOT NULL, -- the exact bytes every attempt sends and signs
  -- superseded: a redelivery replaced it before it finished; its scheduled retries do nothing.
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'exhausted', 'gone', 'superseded')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz,
  -- redelivery: a new message made by an operator or the API for an already delivered (or failed) result
  replay_of        text REFERENCES webhook_messages (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_messages_job_idx ON webhook_messages (job_id, created_at);
CREATE INDEX webhook_messages_status_idx ON webhook_messages (status, updated_at);

CREATE TABLE webhook_attempts (
  id             bigserial PRIMARY KEY,
  message_id     text NOT NULL REFERENCES webhook_messages (id),
  job_id         uuid NOT NULL REFERENCES document_jobs (id),
  attempt        integer NOT NULL,
  url            text NOT NULL,
  attempted_at   timestamptz NOT NULL DEFAULT now(),
  duration_ms    integer NOT NULL,
  status_code    integer,
  response_body  text,
  error_code     text,
  error_message  text
);
CREATE INDEX webhook_attempts_job_idx ON webhook_attempts (job_id, attempted_at);
