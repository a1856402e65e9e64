-- Parser registry (SPEC 2.2, 9): versions per document type; the active one processes new jobs and is recorded on
-- each job (parser_version_id, parser_version). With none active, the code default runs and both stay null.
CREATE TABLE parser_versions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type_id     integer NOT NULL REFERENCES document_types (id),
  version     integer NOT NULL CHECK (version > 0),
  engine      text NOT NULL CHECK (engine IN ('builtin', 'llm')),
  config      jsonb NOT NULL DEFAULT '{}',
  state       text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'active', 'retired')),
  description text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  retired_at  timestamptz,
  UNIQUE (type_id, version)
);
-- At most one active version per type.
CREATE UNIQUE INDEX parser_versions_one_active_idx ON parser_versions (type_id) WHERE state = 'active';

ALTER TABLE document_jobs
  ADD CONSTRAINT document_jobs_parser_version_fk FOREIGN KEY (parser_version_id) REFERENCES parser_versions (id);
