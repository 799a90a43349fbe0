CREATE TABLE "key_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"operator" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb,
	"sessions_rescored" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"correction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"score_before" integer,
	"score_after" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "key_corrections" ADD CONSTRAINT "key_corrections_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_corrections" ADD CONSTRAINT "session_corrections_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_corrections" ADD CONSTRAINT "session_corrections_correction_id_key_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."key_corrections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_corrections_assessment" ON "session_corrections" USING btree ("assessment_id");