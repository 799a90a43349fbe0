CREATE TABLE "paper_variant_orders" (
	"variant_id" uuid NOT NULL,
	"ord" integer NOT NULL,
	"options" jsonb NOT NULL,
	CONSTRAINT "paper_variant_orders_variant_id_ord_pk" PRIMARY KEY("variant_id","ord")
);
--> statement-breakpoint
CREATE TABLE "paper_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"subject_ids" uuid[] NOT NULL,
	"asked" integer NOT NULL,
	"shuffled" boolean NOT NULL,
	"marking_scheme" text NOT NULL,
	"total_marks" integer NOT NULL,
	"question_ids" uuid[] NOT NULL,
	"question_versions" integer[] NOT NULL,
	"row_versions" text[] NOT NULL,
	"question_types" text[] NOT NULL,
	"order_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "paper_variant_id" uuid;--> statement-breakpoint
ALTER TABLE "paper_variant_orders" ADD CONSTRAINT "paper_variant_orders_variant_id_paper_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."paper_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_variants" ADD CONSTRAINT "paper_variants_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_variants_module" ON "paper_variants" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "paper_variants_questions" ON "paper_variants" USING gin ("question_ids");