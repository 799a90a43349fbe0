-- Decision 0013: what a save writes moves from the session's wide row to its answer sheet, a narrow
-- row with one index, so a save updates a row holding only what it reads and writes. The sheet keeps
-- copies of the session's owner, deadline and length (never changed after the start) and its own
-- completed flag, which completion sets under the session's lock.
CREATE TABLE "answer_sheets" (
	"assessment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"total_time" integer NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"question_types" text[] NOT NULL,
	"options" jsonb NOT NULL,
	"answers" text[] NOT NULL,
	"marked" boolean[] NOT NULL,
	"time_spent" integer[] NOT NULL,
	"checked" boolean[]
);
--> statement-breakpoint
ALTER TABLE "answer_sheets" ADD CONSTRAINT "answer_sheets_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Storage for a row rewritten on every save: room on its page for HOT updates; the options (read by
-- every save) and the answers (written by every save) never compressed, kept inline while the row fits
-- a page and moved out of line whole otherwise (options first: the larger, and never rewritten); the
-- small by-position arrays inline and uncompressed unless nothing else is left to move.
ALTER TABLE "answer_sheets" SET (fillfactor = 70, toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "answer_sheets" ALTER COLUMN "options" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "answer_sheets" ALTER COLUMN "answers" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "answer_sheets" ALTER COLUMN "question_types" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "answer_sheets" ALTER COLUMN "marked" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "answer_sheets" ALTER COLUMN "time_spent" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "answer_sheets" ALTER COLUMN "checked" SET STORAGE MAIN;--> statement-breakpoint
-- Every session's sheet; each answer as jsonb's text of it, as a save writes it (NULL for none).
INSERT INTO "answer_sheets" ("assessment_id", "user_id", "deadline", "total_time", "completed",
  "question_types", "options", "answers", "marked", "time_spent", "checked")
SELECT a."id", a."user_id", a."deadline", a."total_time", a."session_completed", a."question_types",
  a."options",
  ARRAY(SELECT CASE WHEN jsonb_typeof(e.v) <> 'null' THEN e.v::text END
    FROM jsonb_array_elements(a."answers") WITH ORDINALITY AS e(v, n) ORDER BY e.n),
  a."marked", a."time_spent", a."checked"
FROM "assessments" a;--> statement-breakpoint
ALTER TABLE "assessments" DROP COLUMN "question_types";--> statement-breakpoint
ALTER TABLE "assessments" DROP COLUMN "options";--> statement-breakpoint
ALTER TABLE "assessments" DROP COLUMN "answers";--> statement-breakpoint
ALTER TABLE "assessments" DROP COLUMN "marked";--> statement-breakpoint
ALTER TABLE "assessments" DROP COLUMN "time_spent";--> statement-breakpoint
ALTER TABLE "assessments" DROP COLUMN "checked";--> statement-breakpoint
-- Saves no longer touch the session's row: it is written at the start and at completion.
ALTER TABLE "assessments" RESET (fillfactor, toast_tuple_target);
