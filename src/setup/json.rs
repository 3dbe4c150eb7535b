//! A JSON document that keeps its keys in the order they were written.
//!
//! `install --client` merges our hooks into a client's settings file that the user keeps by
//! hand (`.gemini/settings.json`, `.claude/settings.json`). `serde_json`'s map sorts keys, so a
//! merge would reorder the whole file; this keeps every key where the user put it, at every
//! depth, and only our entries change. Numbers, strings and literals are kept as `serde_json`
//! reads them.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;

/// A JSON value whose objects keep their order.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// An object, in the order written.
    Object(Vec<(String, Node)>),
    /// An array.
    Array(Vec<Node>),
    /// Anything else.
    Leaf(Value),
}

impl Node {
    /// An empty object.
    pub fn object() -> Node {
        Node::Object(Vec::new())
    }

    /// The value at `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Object(pairs) => pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value at `key` of an object, inserted at the end as `default` when missing; `None`
    /// when this is not an object.
    pub fn entry(&mut self, key: &str, default: Node) -> Option<&mut Node> {
        let Node::Object(pairs) = self else {
            return None;
        };
        let at = match pairs.iter().position(|(k, _)| k == key) {
            Some(at) => at,
            None => {
                pairs.push((key.to_owned(), default));
                pairs.len() - 1
            }
        };
        Some(&mut pairs[at].1)
    }

    /// The string, when this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::Leaf(Value::String(s)) => Some(s),
            _ => None,
        }
    }

    /// The document as a file: two-space indents and a final newline.
    pub fn to_pretty(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_else(|_| "{}".into());
        text.push('\n');
        text
    }
}

impl From<Value> for Node {
    fn from(value: Value) -> Node {
        match value {
            Value::Object(map) => Node::Object(map.into_iter().map(|(k, v)| (k, v.into())).collect()),
            Value::Array(items) => Node::Array(items.into_iter().map(Node::from).collect()),
            leaf => Node::Leaf(leaf),
        }
    }
}

impl Serialize for Node {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Object(pairs) => {
                let mut map = serializer.serialize_map(Some(pairs.len()))?;
                for (key, value) in pairs {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
            Node::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Node::Leaf(value) => value.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        deserializer.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Node, A::Error> {
        let mut pairs: Vec<(String, Node)> = Vec::new();
        while let Some((key, value)) = access.next_entry::<String, Node>()? {
            // A repeated key: the last one wins, as in serde_json, at the first one's place.
            match pairs.iter_mut().find(|(k, _)| *k == key) {
                Some(pair) => pair.1 = value,
                None => pairs.push((key, value)),
            }
        }
        Ok(Node::Object(pairs))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = access.next_element::<Node>()? {
            items.push(item);
        }
        Ok(Node::Array(items))
    }

    fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
        Ok(Node::Leaf(Value::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
        Ok(Node::Leaf(Value::from(v)))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
        Ok(Node::Leaf(Value::from(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Node, E> {
        Ok(Node::Leaf(Value::from(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Node, E> {
        Ok(Node::Leaf(Value::String(v.to_owned())))
    }

    fn visit_string<E>(self, v: String) -> Result<Node, E> {
        Ok(Node::Leaf(Value::String(v)))
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Leaf(Value::Null))
    }

    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Leaf(Value::Null))
    }
}
