-- Decision 0010: a session's questions and answers live in its own row (arrays by position); the
-- evaluations table goes, its rows folded into their sessions first. Questions get a type and a
-- structured key; passages and figures get their tables.
CREATE TABLE "media" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passages_text_hash_unique" UNIQUE("text_hash")
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "marking_scheme" text;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "marking_scheme" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "type" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "key" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "passage_id" uuid;--> statement-breakpoint
UPDATE "questions" SET
  "type" = CASE WHEN jsonb_array_length("options") = 0 THEN 'text' ELSE 'single' END,
  "key" = CASE WHEN jsonb_array_length("options") = 0
    THEN jsonb_build_object('type', 'text', 'answers', jsonb_build_array("answer"), 'wildcard', false)
    ELSE jsonb_build_object('type', 'single', 'answer', "answer") END;--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "scope_key" text;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "marking_scheme" text DEFAULT 'spec@1' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "question_ids" uuid[];--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "question_types" text[];--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "marked" boolean[];--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "time_spent" integer[];--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "scores" jsonb;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "grading_notes" jsonb;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "ai_explanations" jsonb;--> statement-breakpoint
UPDATE "assessments" a SET
  "question_ids" = e.qids, "question_types" = e.types, "options" = e.opts, "answers" = e.ans,
  "marked" = e.marked, "time_spent" = e.spent,
  "scores" = CASE WHEN a."session_completed" THEN e.scores END,
  "grading_notes" = e.notes, "ai_explanations" = e.explained
FROM (
  SELECT "assessment_id",
    array_agg("question_id" ORDER BY "position") AS qids,
    array_agg(CASE WHEN jsonb_array_length("options") = 0 THEN 'text' ELSE 'single' END ORDER BY "position") AS types,
    jsonb_agg("options" ORDER BY "position") AS opts,
    jsonb_agg(to_jsonb("user_answer") ORDER BY "position") AS ans,
    array_agg("marked_for_review" ORDER BY "position") AS marked,
    array_agg("time_spent_seconds" ORDER BY "position") AS spent,
    jsonb_agg("score" ORDER BY "position") AS scores,
    jsonb_object_agg("position"::text, "grading_note") FILTER (WHERE "grading_note" IS NOT NULL) AS notes,
    jsonb_object_agg("position"::text, "ai_explanation") FILTER (WHERE "ai_explanation" IS NOT NULL) AS explained
  FROM "evaluations" GROUP BY "assessment_id"
) e
WHERE e."assessment_id" = a."id";--> statement-breakpoint
UPDATE "assessments" SET "question_ids" = '{}', "question_types" = '{}', "options" = '[]', "answers" = '[]',
  "marked" = '{}', "time_spent" = '{}' WHERE "question_ids" IS NULL;--> statement-breakpoint
-- Before this change a learner could run two attempts of one scope: the newest keeps the scope, the
-- older ones get a key of their own (they run out at their deadline as before).
UPDATE "assessments" a SET "scope_key" = a."quiz_type" || ':' || a."module_id" || ':' ||
  coalesce(a."subject_id"::text, '') || ':' || coalesce(a."topic_id"::text, '') ||
  CASE WHEN NOT a."session_completed" AND EXISTS (
    SELECT 1 FROM "assessments" b WHERE b."user_id" = a."user_id" AND NOT b."session_completed"
      AND b."quiz_type" = a."quiz_type" AND b."module_id" = a."module_id"
      AND b."subject_id" IS NOT DISTINCT FROM a."subject_id" AND b."topic_id" IS NOT DISTINCT FROM a."topic_id"
      AND (b."created_at", b."id") > (a."created_at", a."id"))
  THEN ':legacy:' || a."id" ELSE '' END;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "scope_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "question_ids" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "question_types" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "options" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "answers" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "marked" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "time_spent" SET NOT NULL;--> statement-breakpoint
DROP TABLE "evaluations" CASCADE;--> statement-breakpoint
-- Room on each page for a save's new row version next to the old (HOT updates: no index entries).
ALTER TABLE "assessments" SET (fillfactor = 70);--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_one_running" ON "assessments" USING btree ("user_id","scope_key") WHERE "assessments"."session_completed" = false;
