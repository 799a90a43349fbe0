ALTER TABLE "questions" ADD COLUMN "hints" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_sheets" ADD COLUMN "visited" boolean[];--> statement-breakpoint
ALTER TABLE "review_cards" ADD COLUMN "introduced_at" timestamp with time zone;--> statement-breakpoint
-- Cards answered again since they entered the queue are no longer new: they do not wait for the daily limit of new cards.
UPDATE "review_cards" SET "introduced_at" = "last_answered_at" WHERE "reps" > 1;