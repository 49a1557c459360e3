/**
 * Which models take images, as each provider documents its models (2025).
 * The provider layers read this once, when they are built, and report it as
 * `capabilities.images`; nothing else asks a model's name. A config value
 * (`images` on the provider's config, `SHOAL_MODEL_IMAGES` at the edge)
 * overrides it for a model these lists do not know — e.g. a local server.
 * - Anthropic: every Claude 3 and later model (`claude-3…`, `claude-…-4…`);
 *   not `claude-2…` or `claude-instant…`.
 * - OpenAI and OpenAI-compatible servers: GPT-4o / 4.1 / 4.5 / 5, `gpt-4-turbo`,
 *   `chatgpt-4o`, `o1` (not `o1-mini`), `o3`, `o4-mini`; and open models whose
 *   name says vision: `vision`, `-vl`, `llava`, `pixtral`, `gemma3`,
 *   `gemini`, `minicpm-v`, `moondream`.
 * An unknown name answers no: better a run without images than a request the
 * provider rejects.
 */
const openModels = /vision|[-_]vl\b|llava|pixtral|gemma-?3|gemini|minicpm-v|moondream/i
const openAiVision = /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-4-turbo|chatgpt-4o|o3|o4-mini)|^o1(?!-mini)/i
const claudeVision = /^claude-(?!2|instant)/i

/** Whether an Anthropic model takes images. */
export const anthropicTakesImages = (model: string): boolean => claudeVision.test(model.trim())

/** Whether a model behind the OpenAI API (OpenAI's own or a compatible server's) takes images. */
export const openAiTakesImages = (model: string): boolean => openAiVision.test(model.trim()) || openModels.test(model.trim())

/** Whether `model` of `provider` takes images; a provider these lists do not know answers no. */
export const takesImages = (provider: string, model: string): boolean =>
  provider === "anthropic" ? anthropicTakesImages(model) : provider === "openai" ? openAiTakesImages(model) : false
