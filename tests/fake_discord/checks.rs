//! What Discord checks in a request body before doing anything: the request
//! schema of Discord's official OpenAPI description (`tests/discord-api/`) for
//! the call's route and method, then the documented limits that schema does
//! not carry. A body that fails gets Discord's 400 "Invalid Form Body".

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use axum::http::Method;
use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, Registry, ValidationError, Validator};
use serde_json::{json, Map, Value};

use super::File;

/// Where the spec is registered for `$ref`s; any URI would do.
const SPEC_URI: &str = "urn:discord-api-spec";
/// What Discord accepts in one message's files without a server boost, and
/// what it tells the bot as an interaction's `attachment_size_limit`.
pub const UPLOAD_LIMIT: usize = 10 << 20;
const CONTENT_MAX: usize = 2_000;
const EMBEDS_MAX: usize = 10;
/// Titles, descriptions, field names and values, footers and author names of
/// all embeds in a message together.
const EMBED_TEXT_MAX: usize = 6_000;
const ROWS_MAX: usize = 5;
const BUTTONS_PER_ROW_MAX: usize = 5;
const CUSTOM_ID_MAX: usize = 100;
const FILES_MAX: usize = 10;
const CHOICES_MAX: usize = 25;
/// Discord's documented limit on a choice's name and value; the spec allows
/// string values up to 6000, which Discord refuses.
const CHOICE_TEXT_MAX: usize = 100;

static SPEC: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../discord-api/openapi.json")).expect("the vendored spec is JSON")
});
static REGISTRY: LazyLock<Registry<'static>> = LazyLock::new(|| {
    let spec = Draft::Draft202012.create_resource(SPEC.clone());
    Registry::new().add(SPEC_URI, spec).and_then(|r| r.prepare()).expect("the vendored spec registers")
});
/// Compiled once per schema: compiling reaches far into the spec.
static VALIDATORS: LazyLock<Mutex<HashMap<String, Arc<Validator>>>> = LazyLock::new(Default::default);

/// One thing Discord would refuse: where in the body (JSON keys and array
/// indexes), Discord's error code and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub at: Vec<String>,
    pub code: &'static str,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.at.join("."), self.message, self.code)
    }
}

/// Discord's template for `path` (below `/api/v10`), e.g.
/// `/channels/{channel_id}/messages`: of the templates that match, the one
/// with the most literal segments (`messages/@original` over
/// `messages/{message_id}`).
pub fn route_template(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let paths = SPEC["paths"].as_object()?;
    paths
        .keys()
        .filter_map(|template| {
            let parts: Vec<&str> = template.trim_matches('/').split('/').collect();
            let fits = parts.len() == segments.len()
                && parts.iter().zip(&segments).all(|(part, segment)| part.starts_with('{') || part == segment);
            fits.then(|| (parts.iter().filter(|part| !part.starts_with('{')).count(), template))
        })
        .max_by_key(|(literal, _)| *literal)
        .map(|(_, template)| template.clone())
}

/// Everything Discord would refuse in this call's body; empty when it would
/// take it. `path` is below `/api/v10`.
pub fn check(method: &Method, path: &str, payload: &Value, files: &[File], upload_limit: usize) -> Vec<Problem> {
    let Some(template) = route_template(path) else { return Vec::new() };
    let mut problems = Vec::new();
    if let Some(pointer) = schema_pointer(method, &template, payload) {
        let accepted = allow_known_deviations(&template, payload);
        problems.extend(schema_problems(&pointer, &accepted));
    }
    problems.extend(limit_problems(&template, payload, files, upload_limit));
    problems
}

/// Discord's 400 for a body it refuses: its code 50035 and an `errors`
/// object nested like the body, each place with its `_errors`.
pub fn invalid_form_body(problems: &[Problem]) -> Value {
    let mut errors = Map::new();
    for problem in problems {
        let mut place = &mut errors;
        for key in &problem.at {
            place = place.entry(key.clone()).or_insert_with(|| json!({})).as_object_mut().expect("an object");
        }
        let list = place.entry("_errors").or_insert_with(|| json!([]));
        list.as_array_mut().expect("an array").push(json!({"code": problem.code, "message": problem.message}));
    }
    json!({"code": 50035, "message": "Invalid Form Body", "errors": errors})
}

/// Where in the spec the request schema for this call is. An interaction
/// callback's schema is picked by its `type`, as Discord does, so a refusal
/// names the field rather than "matches none of seven kinds".
fn schema_pointer(method: &Method, template: &str, payload: &Value) -> Option<String> {
    if template == "/interactions/{interaction_id}/{interaction_token}/callback" {
        let schema = match payload["type"].as_u64()? {
            1 => "PongInteractionCallbackRequest",
            4 | 5 => "CreateMessageInteractionCallbackRequest",
            6 | 7 => "UpdateMessageInteractionCallbackRequest",
            8 => "ApplicationCommandAutocompleteCallbackRequest",
            9 => "ModalInteractionCallbackRequest",
            _ => return None,
        };
        return Some(format!("#/components/schemas/{schema}"));
    }
    let operation = &SPEC["paths"][template][method.as_str().to_lowercase()];
    operation["requestBody"]["content"]["application/json"]["schema"].as_object()?;
    let escaped = template.replace('~', "~0").replace('/', "~1").replace('{', "%7B").replace('}', "%7D");
    Some(format!("#/paths/{escaped}/{}/requestBody/content/application~1json/schema", method.as_str().to_lowercase()))
}

fn schema_problems(pointer: &str, payload: &Value) -> Vec<Problem> {
    let validator = {
        let mut validators = VALIDATORS.lock().unwrap();
        let found = validators.entry(pointer.to_string()).or_insert_with(|| {
            let schema = json!({"$ref": format!("{SPEC_URI}{pointer}")});
            let options = jsonschema::options().with_draft(Draft::Draft202012).with_registry(&REGISTRY);
            Arc::new(options.build(&schema).unwrap_or_else(|error| panic!("the spec's schema {pointer}: {error}")))
        });
        found.clone()
    };
    validator.iter_errors(payload).flat_map(|error| explained(&error)).collect()
}

/// A failed `oneOf` or `anyOf` names no field ("matches none of these"):
/// like Discord, name what is wrong in the alternative that came closest,
/// leaving out those refused for their type alone (`null`, another kind).
fn explained(error: &ValidationError<'_>) -> Vec<Problem> {
    let alternatives = match error.kind() {
        ValidationErrorKind::OneOfNotValid { context } | ValidationErrorKind::AnyOf { context } => context,
        _ => return vec![problem(error)],
    };
    let wrong_kind = |errors: &Vec<ValidationError<'_>>| {
        errors.iter().any(|e| {
            e.instance_path() == error.instance_path()
                && matches!(
                    e.kind(),
                    ValidationErrorKind::Type { .. }
                        | ValidationErrorKind::Enum { .. }
                        | ValidationErrorKind::Constant { .. }
                )
        })
    };
    let closest = alternatives
        .iter()
        .filter(|errors| !errors.is_empty() && !wrong_kind(errors))
        .min_by_key(|errors| errors.len());
    match closest {
        Some(errors) => errors.iter().flat_map(explained).collect(),
        None => vec![problem(error)],
    }
}

fn problem(error: &ValidationError<'_>) -> Problem {
    Problem {
        at: error.instance_path().into_iter().map(|segment| segment.to_string()).collect(),
        code: "BASE_TYPE_INVALID",
        message: error.to_string(),
    }
}

/// The body as the schema should see it, with exactly the two deviations
/// Discord is known to take (its own documentation shows both) put the way
/// the spec writes them.
fn allow_known_deviations(template: &str, payload: &Value) -> Value {
    let mut accepted = payload.clone();
    if template.ends_with("/commands") {
        for command in accepted.as_array_mut().into_iter().flatten() {
            integer_bounds_as_integers(command);
        }
    }
    attachment_ids_as_strings(&mut accepted);
    if let Some(data) = accepted.get_mut("data") {
        attachment_ids_as_strings(data);
    }
    accepted
}

/// serenity writes an attachment's id (its index in the upload) as a number;
/// Discord takes it, and its docs show numbers too.
fn attachment_ids_as_strings(message: &mut Value) {
    let attachments = message.get_mut("attachments").and_then(Value::as_array_mut);
    for attachment in attachments.into_iter().flatten() {
        if let Some(id) = attachment["id"].as_u64() {
            attachment["id"] = json!(id.to_string());
        }
    }
}

/// poise writes an integer option's bounds as floats (`min_value: 1.0`);
/// Discord takes whole floats there. Only integer options (type 4), only
/// whole values.
fn integer_bounds_as_integers(command: &mut Value) {
    let is_integer_option = command["type"] == 4;
    for bound in ["min_value", "max_value"] {
        let whole = command.get(bound).and_then(Value::as_f64).filter(|v| v.fract() == 0.0 && v.abs() < 9e15);
        if let (true, Some(value)) = (is_integer_option, whole) {
            command[bound] = json!(value as i64);
        }
    }
    for option in command.get_mut("options").and_then(Value::as_array_mut).into_iter().flatten() {
        integer_bounds_as_integers(option);
    }
}

/// Discord's documented limits on messages, components and autocomplete
/// answers that the spec leaves out or sets wider.
fn limit_problems(template: &str, payload: &Value, files: &[File], upload_limit: usize) -> Vec<Problem> {
    let mut problems = Vec::new();
    let callback = template.ends_with("/callback");
    let (message, at): (&Value, Vec<String>) =
        if callback { (&payload["data"], vec!["data".into()]) } else { (payload, Vec::new()) };
    let mut refuse = |mut place: Vec<String>, code: &'static str, message: String| {
        place.splice(0..0, at.iter().cloned());
        problems.push(Problem { at: place, code, message });
    };
    let channel_message =
        ["/channels/{channel_id}/messages", "/channels/{channel_id}/messages/{message_id}"].contains(&template);
    if callback && payload["type"] == 8 {
        choice_problems(message, &mut refuse);
    } else if callback || channel_message || template.starts_with("/webhooks/") {
        message_problems(message, &mut refuse);
    }
    let total: usize = files.iter().map(|file| file.size).sum();
    if files.len() > FILES_MAX {
        refuse(vec!["files".into()], "BASE_TYPE_MAX_LENGTH", format!("Must be {FILES_MAX} or fewer in length."));
    }
    if total > upload_limit {
        refuse(vec!["files".into()], "BASE_TYPE_MAX_LENGTH", format!("Request entity too large: {total} bytes."));
    }
    problems
}

fn choice_problems(data: &Value, refuse: &mut impl FnMut(Vec<String>, &'static str, String)) {
    let choices = data["choices"].as_array().map(Vec::as_slice).unwrap_or_default();
    if choices.len() > CHOICES_MAX {
        refuse(vec!["choices".into()], "BASE_TYPE_MAX_LENGTH", format!("Must be {CHOICES_MAX} or fewer in length."));
    }
    for (index, choice) in choices.iter().enumerate() {
        for key in ["name", "value"] {
            let Some(text) = choice[key].as_str() else { continue };
            let length = text.chars().count();
            if !(1..=CHOICE_TEXT_MAX).contains(&length) {
                let at = vec!["choices".into(), index.to_string(), key.into()];
                refuse(at, "BASE_TYPE_BAD_LENGTH", format!("Must be between 1 and {CHOICE_TEXT_MAX} in length."));
            }
        }
    }
}

fn message_problems(message: &Value, refuse: &mut impl FnMut(Vec<String>, &'static str, String)) {
    if message["content"].as_str().is_some_and(|content| content.chars().count() > CONTENT_MAX) {
        refuse(vec!["content".into()], "BASE_TYPE_MAX_LENGTH", format!("Must be {CONTENT_MAX} or fewer in length."));
    }
    let embeds = message["embeds"].as_array().map(Vec::as_slice).unwrap_or_default();
    if embeds.len() > EMBEDS_MAX {
        refuse(vec!["embeds".into()], "BASE_TYPE_MAX_LENGTH", format!("Must be {EMBEDS_MAX} or fewer in length."));
    }
    let embed_text: usize = embeds.iter().map(embed_text).sum();
    if embed_text > EMBED_TEXT_MAX {
        refuse(
            vec!["embeds".into()],
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of {EMBED_TEXT_MAX}"),
        );
    }
    let rows = message["components"].as_array().map(Vec::as_slice).unwrap_or_default();
    if rows.len() > ROWS_MAX {
        refuse(vec!["components".into()], "BASE_TYPE_MAX_LENGTH", format!("Must be {ROWS_MAX} or fewer in length."));
    }
    for (index, row) in rows.iter().enumerate() {
        let buttons = row["components"].as_array().map(Vec::as_slice).unwrap_or_default();
        let at = |rest: &[&str]| {
            let mut at = vec!["components".to_string(), index.to_string(), "components".to_string()];
            at.extend(rest.iter().map(|s| s.to_string()));
            at
        };
        if buttons.len() > BUTTONS_PER_ROW_MAX {
            refuse(at(&[]), "BASE_TYPE_MAX_LENGTH", format!("Must be {BUTTONS_PER_ROW_MAX} or fewer in length."));
        }
        for (button, component) in buttons.iter().enumerate() {
            if component["custom_id"].as_str().is_some_and(|id| id.chars().count() > CUSTOM_ID_MAX) {
                let message = format!("Must be {CUSTOM_ID_MAX} or fewer in length.");
                refuse(at(&[&button.to_string(), "custom_id"]), "BASE_TYPE_MAX_LENGTH", message);
            }
        }
    }
}

/// The characters Discord counts towards an embed's size.
fn embed_text(embed: &Value) -> usize {
    let count = |value: &Value| value.as_str().map_or(0, |text| text.chars().count());
    let fields = embed["fields"].as_array().map(Vec::as_slice).unwrap_or_default();
    count(&embed["title"])
        + count(&embed["description"])
        + count(&embed["footer"]["text"])
        + count(&embed["author"]["name"])
        + fields.iter().map(|field| count(&field["name"]) + count(&field["value"])).sum::<usize>()
}
