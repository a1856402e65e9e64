-- Organizations, API keys, document types and document jobs (SPEC 2).

CREATE TABLE organizations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- Soft delete: the organization's keys stop authenticating at once, its jobs stay readable for operators.
  deleted_at  timestamptz
);

CREATE TABLE api_keys (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id         uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  organization_id   uuid NOT NULL REFERENCES organizations (id),
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- bcrypt, work factor 10; the plaintext secret is shown once at creation and never stored.
  secret_hash       text NOT NULL,
  webhook_base_url  text NOT NULL,
  ip_allowlist      text[] NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now(),
  revoked_at        timestamptz
);
CREATE INDEX api_keys_organization_idx ON api_keys (organization_id);

CREATE TABLE document_types (
  id     integer PRIMARY KEY,
  name   text NOT NULL,
  state  text NOT NULL CHECK (state IN ('public', 'internal', 'archived'))
);
INSERT INTO document_types (id, name, state) VALUES
  (0, 'Invoice', 'public'),
  (1, 'Purchase Order', 'public'),
  (2, 'GRN', 'public'),
  (3, 'Debit Note', 'public'),
  (4, 'Credit Card Statement', 'public'),
  (5, 'Credit Card Statement (multi-account)', 'public'),
  (8, 'Email attachments', 'internal'),
  (9, 'PO number only', 'public');

CREATE TABLE document_jobs (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Serialized as clientId (SPEC 2.2): the organization that scopes lookups. No FK cascade: jobs outlive orgs.
  organization_id        uuid NOT NULL REFERENCES organizations (id),
  api_key_id             uuid REFERENCES api_keys (id),
  consumer_ref_id        text NOT NULL CHECK (length(consumer_ref_id) > 0),
  document_id            bigint,
  type_id                integer NOT NULL REFERENCES document_types (id),
  mode                   text NOT NULL CHECK (mode IN ('single', 'multi', 'email')),
  require_line_items     boolean NOT NULL,
  status                 text NOT NULL DEFAULT 'initiated' CHECK (status IN (
                           'initiated', 'extracting', 'classifying_email_content',
                           'extracting_from_attachments', 'processed', 'error')),
  payload                jsonb NOT NULL,
  extracted_data         jsonb,
  extraction_time_ms     integer,
  model_cost             numeric(18, 6),
  webhook_url            text NOT NULL,
  webhook_status         text CHECK (webhook_status IN ('webhook_posted', 'webhook_failed')),
  webhook_attempts       integer NOT NULL DEFAULT 0,
  webhook_response_code  integer,
  webhook_response_body  text,
  error                  text,
  error_stage            text,
  error_code             text,
  error_detail           jsonb,
  parser_version_id      uuid,
  parser_version         integer,
  archived_storage_key   text,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
-- GET /v1/documents/:consumerRefId returns the organization's newest job with that reference.
CREATE INDEX document_jobs_lookup_idx ON document_jobs (organization_id, consumer_ref_id, created_at DESC);

-- Idempotency-Key on submit: the first request's response is replayed for 24 hours.
CREATE TABLE idempotency_keys (
  organization_id  uuid NOT NULL REFERENCES organizations (id),
  key              text NOT NULL,
  request_hash     text NOT NULL,
  -- Deferred: the key is claimed first (serializing concurrent retries), then the job row is written.
  job_id           uuid NOT NULL REFERENCES document_jobs (id) DEFERRABLE INITIALLY DEFERRED,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
