-- Existing questions become version 1 and 'active' becomes 'approved' (docs/decisions/0028-question-versions.md);
-- every session held version 1 of each of its questions.
UPDATE "questions" SET "status" = 'approved' WHERE "status" = 'active';--> statement-breakpoint
INSERT INTO "question_versions" ("question_id", "version", "text", "type", "options", "key", "answer", "explanation", "hints", "passage_id", "created_at")
SELECT "id", 1, "text", "type", "options", "key", "answer", "explanation", "hints", "passage_id", "created_at" FROM "questions";--> statement-breakpoint
UPDATE "assessments" SET "question_versions" = array_fill(1, ARRAY[cardinality("question_ids")]);
